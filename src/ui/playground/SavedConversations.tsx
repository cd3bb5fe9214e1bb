import type { SavedConversation, SavedConversationItem } from '../../shared/session-file/session-file.ts';
import { plural } from '../../shared/read.ts';
import { ContentBlockView } from '../content/ContentBlockView.tsx';
import { prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useShownUrl } from '../presentation/use-presentation.ts';
import { useStoreOf } from '../services.tsx';
import { ModelStepHead, ToolCardHead, UserMessage } from './Conversation.tsx';
import { UseAsScript } from './PromptScriptBar.tsx';
import { ModelText } from './ModelText.tsx';

/**
 * The Playground's conversations of a saved session, read-only: nothing is sent to a model or a server,
 * and an MCP App in a result is not run (its content blocks are shown). Everything in them came from a
 * file, so all of it is text.
 */
export function SavedConversations() {
  const conversations = useStoreOf('sessionFile', (state) => state.replay?.conversations ?? []);
  if (conversations.length === 0) return <p className="empty-state">Connect to a server to try its tools with a model.</p>;
  return (
    <div className="playground playground-saved">
      <p className="muted">
        {plural(conversations.length, 'saved conversation')} from the file, read-only: nothing is sent. Connect to talk to a model.
      </p>
      {conversations.map((conversation, index) => (
        <Saved key={index} conversation={conversation} index={index} />
      ))}
    </div>
  );
}

function Saved({ conversation, index }: { conversation: SavedConversation; index: number }) {
  const baseUrl = useShownUrl(conversation.provider.baseUrl);
  return (
    <section role="region" aria-label={`Saved conversation ${index + 1}`} className="playground-conversation playground-saved-one">
      <header className="playground-tool-head">
        <strong>Conversation {index + 1}</strong>
        <span className="muted mono">
          <ServerText text={conversation.provider.model} /> · <ServerText text={baseUrl} />
        </span>
        <UseAsScript items={conversation.items} />
      </header>
      {conversation.context.length > 0 && (
        <p className="muted">Context: {conversation.context.map((chip) => `${chip.kind} ${chip.label}`).join(', ')}</p>
      )}
      {conversation.items.map((item, at) => (
        <SavedItem key={at} item={item} />
      ))}
    </section>
  );
}

function SavedItem({ item }: { item: SavedConversationItem }) {
  if (item.kind === 'user') return <UserMessage text={item.text} />;
  if (item.kind === 'model') {
    return (
      <div className={`playground-model-step playground-${item.status}`}>
        <ModelStepHead step={item} />
        <ModelText text={item.text} />
        {item.error && <p className="muted">{item.error}</p>}
      </div>
    );
  }
  return (
    <article className={`playground-tool playground-tool-${item.status}`} aria-label={`Tool call ${item.tool}`}>
      <ToolCardHead card={item} />
      <details>
        <summary>Arguments</summary>
        <pre className="mono playground-json">{prettyJson(item.arguments)}</pre>
      </details>
      {item.note && <p className="muted">{item.note}</p>}
      {item.outcome && (
        <div className={item.outcome.isError ? 'result-body result-body-error' : 'result-body'}>
          {item.outcome.content.map((block, at) => (
            <ContentBlockView key={at} block={block} />
          ))}
        </div>
      )}
    </article>
  );
}

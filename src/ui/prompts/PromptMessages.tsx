import type { PromptMessageInfo } from '../../shared/prompts-api.ts';
import { ServerText } from '../common/ServerText.tsx';
import { ContentBlockView } from '../content/ContentBlockView.tsx';

/** The messages of a prompt, as a conversation: each one labelled with its role, its content rendered by type. */
export function PromptMessages({ messages }: { messages: PromptMessageInfo[] }) {
  return (
    <ol className="prompt-messages">
      {messages.map((message, index) => {
        const known = message.role === 'user' || message.role === 'assistant';
        return (
          <li
            key={index}
            className={`prompt-message role-${known ? message.role : 'other'}`}
            aria-label={`Message ${index + 1} from ${message.role}`}
          >
            <div className="prompt-message-role">
              <span className={known ? 'badge' : 'badge badge-danger'}>
                <ServerText text={message.role} />
              </span>
            </div>
            <ContentBlockView block={message.content} />
          </li>
        );
      })}
    </ol>
  );
}

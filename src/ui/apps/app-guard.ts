/**
 * The guard: a script placed right after the app's policy, before any of the app's own markup or script.
 * It does two things no CSP does:
 * - **WebRTC.** CSP does not govern peer connections (Chromium does not implement CSP's `webrtc`
 *   directive), so an app that declares no domains could still send ICE (STUN/TURN) traffic of its choosing
 *   to any host. The guard makes `RTCPeerConnection` unusable in the app's window, and in every same-origin
 *   window the app makes (an `about:blank` or `srcdoc` frame has a fresh one): it seals each new frame as it
 *   is inserted or reached, and puts itself first in every `srcdoc`. The extension has no declaration for
 *   WebRTC, so no app gets it.
 * - **Reports.** CSP violations and popup attempts go to the host as log messages (`GUARD_LOGGER`).
 * The guard keeps its own references to the built-ins it uses, so an app that replaces them later changes
 * nothing the guard does. Reports come from the app's own document, so an app can silence or forge them.
 */
export const GUARD_LOGGER = 'mcp-lens/sandbox';

export const GUARD = `(() => {
  const source = document.currentScript ? '<script>' + document.currentScript.textContent + '</scr' + 'ipt>' : '';
  const apply = Reflect.apply, define = Object.defineProperty, describe = Object.getOwnPropertyDescriptor;
  const host = parent;
  const report = (data) => host.postMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', logger: '${GUARD_LOGGER}', data } }, '*');
  document.addEventListener('securitypolicyviolation', (e) => report('what its CSP does not allow (' + e.effectiveDirective + '): ' + (e.blockedURI || 'inline code')));
  window.open = (url) => { report('a popup to ' + String(url).slice(0, 200) + ' (apps open links through the host, with consent)'); return null; };
  const sealed = new WeakSet();
  const refused = function () {
    report('a WebRTC peer connection (apps get no network outside their declared domains)');
    throw new DOMException('WebRTC is not available to MCP Apps in MCP Lens.', 'NotAllowedError');
  };
  const withGuard = (html) => (source !== '' && !String(html).startsWith(source) ? source + String(html) : String(html));
  const seal = (win) => {
    let doc;
    try { doc = win.document; if (sealed.has(win)) return; } catch { return; }
    sealed.add(win);
    for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {
      try { define(win, name, { value: refused, writable: false, configurable: false, enumerable: false }); } catch {}
    }
    const frameProto = win.HTMLIFrameElement.prototype;
    const windowOf = describe(frameProto, 'contentWindow').get;
    const docOf = describe(frameProto, 'contentDocument').get;
    const srcdoc = describe(frameProto, 'srcdoc');
    const getAttr = win.Element.prototype.getAttribute, setAttr = win.Element.prototype.setAttribute;
    const select = win.Document.prototype.querySelectorAll;
    const guardSrcdoc = (frame) => {
      const value = apply(getAttr, frame, ['srcdoc']);
      if (value !== null && value !== withGuard(value)) apply(setAttr, frame, ['srcdoc', withGuard(value)]);
    };
    const sealFrames = () => {
      for (const frame of apply(select, doc, ['iframe,frame'])) {
        guardSrcdoc(frame);
        const child = apply(windowOf, frame, []);
        if (child) seal(child);
      }
    };
    define(frameProto, 'contentWindow', { get() { const w = apply(windowOf, this, []); if (w) seal(w); return w; }, configurable: false });
    define(frameProto, 'contentDocument', { get() { const w = apply(windowOf, this, []); if (w) seal(w); return apply(docOf, this, []); }, configurable: false });
    define(frameProto, 'srcdoc', { get: srcdoc.get, set(value) { apply(srcdoc.set, this, [withGuard(value)]); }, configurable: false });
    define(win.Element.prototype, 'setAttribute', {
      value: function (name, value) { return apply(setAttr, this, [name, String(name).toLowerCase() === 'srcdoc' ? withGuard(value) : value]); },
      writable: false, configurable: false,
    });
    const after = (proto, names) => {
      for (const name of names) {
        const original = describe(proto, name);
        if (!original) continue;
        if (typeof original.value === 'function') {
          const method = original.value;
          define(proto, name, { value: function (...args) { try { return apply(method, this, args); } finally { sealFrames(); } }, writable: false, configurable: false });
        } else if (original.set) {
          const set = original.set;
          define(proto, name, { get: original.get, set(value) { try { apply(set, this, [value]); } finally { sealFrames(); } }, configurable: false });
        }
      }
    };
    after(win.Node.prototype, ['appendChild', 'insertBefore', 'replaceChild']);
    after(win.Element.prototype, ['append', 'prepend', 'after', 'before', 'replaceWith', 'replaceChildren', 'insertAdjacentElement', 'insertAdjacentHTML', 'setHTMLUnsafe', 'innerHTML', 'outerHTML']);
    after(win.Document.prototype, ['write', 'writeln', 'append', 'prepend', 'replaceChildren']);
    // Frames the parser inserts: observers run before the parser runs the next script.
    new win.MutationObserver(sealFrames).observe(doc, { childList: true, subtree: true, attributes: true, attributeFilter: ['srcdoc'] });
  };
  seal(window);
})();`;

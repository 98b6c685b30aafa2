/**
 * The panel's styles, scoped under `.svchr-panel` and themed by CSS variables: set any of them on the panel or an
 * ancestor (`--svchr-accent: #0a7`) to match your product.
 */
export const panelCss = `
.svchr-panel {
  --svchr-bg: #ffffff; --svchr-fg: #1d2330; --svchr-muted: #5b6475; --svchr-border: #d6dbe4;
  --svchr-accent: #2f5bd3; --svchr-accent-fg: #ffffff; --svchr-danger: #b42318; --svchr-danger-bg: #fdecea;
  --svchr-user-bg: #eef2fd; --svchr-agent-bg: #f5f6f8; --svchr-card-bg: #fffbeb; --svchr-card-border: #e8c66a;
  --svchr-radius: 10px; --svchr-font: system-ui, -apple-system, 'Segoe UI', sans-serif; --svchr-gap: 12px;
  display: flex; flex-direction: column; gap: var(--svchr-gap); font-family: var(--svchr-font); color: var(--svchr-fg);
  background: var(--svchr-bg); border: 1px solid var(--svchr-border); border-radius: var(--svchr-radius);
  padding: var(--svchr-gap); box-sizing: border-box; min-height: 420px;
}
.svchr-panel *, .svchr-panel *::before, .svchr-panel *::after { box-sizing: inherit; }
.svchr-header { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.svchr-title { font-size: 1.05rem; margin: 0; }
.svchr-status { font-size: .85rem; color: var(--svchr-muted); }
.svchr-log { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;
  flex: 1; overflow-y: auto; max-height: 60vh; }
.svchr-msg { padding: 8px 12px; border-radius: var(--svchr-radius); max-width: 85%; white-space: pre-wrap; line-height: 1.4; }
.svchr-msg[data-role='user'] { align-self: flex-end; background: var(--svchr-user-bg); }
.svchr-msg[data-role='assistant'], .svchr-msg[data-role='question'] { align-self: flex-start; background: var(--svchr-agent-bg); }
.svchr-msg[data-pending='true'] { opacity: .7; }
.svchr-who { display: block; font-size: .75rem; color: var(--svchr-muted); margin-bottom: 2px; }
.svchr-empty { color: var(--svchr-muted); font-size: .9rem; }
.svchr-card { border: 1px solid var(--svchr-card-border); background: var(--svchr-card-bg); border-radius: var(--svchr-radius);
  padding: 10px 12px; display: flex; flex-direction: column; gap: 8px; }
.svchr-card h3 { margin: 0; font-size: .95rem; }
.svchr-card h3:focus { outline: 2px solid var(--svchr-accent); outline-offset: 2px; }
.svchr-facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; font-size: .9rem; }
.svchr-facts dt { color: var(--svchr-muted); }
.svchr-facts dd { margin: 0; }
.svchr-args { border-collapse: collapse; font-size: .85rem; width: 100%; }
.svchr-args caption { text-align: left; color: var(--svchr-muted); padding-bottom: 2px; }
.svchr-args th, .svchr-args td { text-align: left; padding: 3px 6px; border-top: 1px solid var(--svchr-border); vertical-align: top; }
.svchr-args th { font-weight: 600; font-family: ui-monospace, monospace; }
.svchr-actions { display: flex; gap: 8px; flex-wrap: wrap; }
.svchr-panel button { font: inherit; border-radius: calc(var(--svchr-radius) - 4px); padding: 6px 14px; cursor: pointer;
  border: 1px solid var(--svchr-border); background: var(--svchr-bg); color: var(--svchr-fg); }
.svchr-panel button:focus-visible, .svchr-panel textarea:focus-visible, .svchr-panel input:focus-visible {
  outline: 2px solid var(--svchr-accent); outline-offset: 1px; }
.svchr-panel button[data-variant='primary'] { background: var(--svchr-accent); color: var(--svchr-accent-fg); border-color: var(--svchr-accent); }
.svchr-panel button[data-variant='danger'] { color: var(--svchr-danger); border-color: var(--svchr-danger); }
.svchr-panel button:disabled { opacity: .55; cursor: not-allowed; }
.svchr-error { background: var(--svchr-danger-bg); color: var(--svchr-danger); border-radius: var(--svchr-radius);
  padding: 8px 12px; display: flex; justify-content: space-between; gap: 8px; align-items: flex-start; }
.svchr-error small { display: block; opacity: .8; }
.svchr-run { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: .9rem; color: var(--svchr-muted); }
.svchr-form { display: flex; gap: 8px; align-items: flex-end; }
.svchr-form textarea, .svchr-form input { flex: 1; font: inherit; padding: 8px; border-radius: calc(var(--svchr-radius) - 4px);
  border: 1px solid var(--svchr-border); background: var(--svchr-bg); color: var(--svchr-fg); resize: vertical; }
.svchr-question { display: flex; flex-direction: column; gap: 8px; }
.svchr-question label { font-weight: 600; }
.svchr-artifacts { margin: 0; padding-left: 18px; font-size: .9rem; }
.svchr-panel button.svchr-link { border: 0; background: none; padding: 0; color: var(--svchr-accent); text-decoration: underline; }
.svchr-sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); border: 0; }
`;

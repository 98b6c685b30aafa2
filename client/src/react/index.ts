export { AgentPanel, useAgentState } from './AgentPanel';
export type { AgentPanelProps } from './AgentPanel';
export { panelCss } from './styles';

/**
 * The agentRun workflow's state: which decisions and answers have arrived, and whether a cancel was asked for.
 * Plain data and logic, no Temporal calls (STYLE.md habit 5).
 */
export class AgentRunState {
  private readonly decided = new Set<string>();
  private readonly answered = new Set<string>();
  private cancelReason: string | undefined;
  private cancelled = false;

  noteDecided(actionIds: readonly string[]): void {
    for (const id of actionIds) this.decided.add(id);
  }

  noteAnswered(questionId: string): void {
    this.answered.add(questionId);
  }

  requestCancel(reason: string | undefined): void {
    this.cancelled = true;
    this.cancelReason = reason;
  }

  get cancelRequested(): boolean {
    return this.cancelled;
  }

  /** The error a cancelled run records. */
  get cancelError(): { code: string; message: string } {
    return { code: 'cancelled', message: this.cancelReason ?? 'Cancelled by the user' };
  }

  allDecided(actionIds: readonly string[]): boolean {
    return actionIds.every((id) => this.decided.has(id));
  }

  isAnswered(questionId: string): boolean {
    return this.answered.has(questionId);
  }
}

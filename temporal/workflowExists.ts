import { WorkflowNotFoundError, type Client } from '@temporalio/client';

/** Whether Temporal knows a workflow of this id (running or closed, within the namespace's retention). */
export async function workflowExists(client: Client, workflowId: string): Promise<boolean> {
  try {
    await client.workflow.getHandle(workflowId).describe();
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

import type { Prisma } from '../../db/models';
import { AppError } from '../appError';

type Tx = Prisma.TransactionClient;

/**
 * The checks that a record of the organisation names things of its own workspace: each answers 400 naming the
 * field when the id is not the workspace's (another workspace's id reads exactly like an unknown one).
 */
export async function requireEmployee(tx: Tx, tenantId: string, id: string, field: string): Promise<void> {
  if ((await tx.employee.count({ where: { id, tenantId } })) === 0) {
    throw new AppError('validation_error', `${field}: no employee ${id} in this workspace`);
  }
}

export async function requireDepartment(tx: Tx, tenantId: string, id: string, field: string): Promise<void> {
  if ((await tx.department.count({ where: { id, tenantId } })) === 0) {
    throw new AppError('validation_error', `${field}: no department ${id} in this workspace`);
  }
}

export async function requireLocation(tx: Tx, tenantId: string, id: string, field: string): Promise<void> {
  if ((await tx.location.count({ where: { id, tenantId } })) === 0) {
    throw new AppError('validation_error', `${field}: no location ${id} in this workspace`);
  }
}

export async function requireLegalEntity(tx: Tx, tenantId: string, id: string, field: string): Promise<void> {
  if ((await tx.legalEntity.count({ where: { id, tenantId } })) === 0) {
    throw new AppError('validation_error', `${field}: no legal entity ${id} in this workspace`);
  }
}

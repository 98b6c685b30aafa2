import type { Prisma } from '../../db/models';
import type { PrismaClient } from '../../db/prismaClient';

/** What the agent engine reads and writes through: the client, or an interactive transaction of it. */
export type AgentDb = PrismaClient | Prisma.TransactionClient;

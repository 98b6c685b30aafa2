import type { Prisma } from './models';
import type { PrismaClient } from './prismaClient';

/**
 * What an engine reads and writes through: the client, or an interactive transaction of it. A function taking a
 * `Db` runs alike on its own or inside a caller's transaction.
 */
export type Db = PrismaClient | Prisma.TransactionClient;

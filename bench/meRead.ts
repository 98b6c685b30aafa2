/**
 * GET /me's read as one SQL statement: the baselines of bench/me.ts (a bare Fastify route) and bench/mcp.ts (the
 * MCP SDK's README server) run it on a pg Pool of their own, so both compare our pipeline with the same one read.
 * The columns are those of engines/tokens/authenticate.ts (findCredentials): the credential with its tenant, user,
 * employee and parent.
 */
export const ME_READ = `
  SELECT c.secret_hash AS "secretHash", c.id::text AS "id", c.kind::text AS "kind", c.name AS "name",
         c.scopes AS "scopes", c.expires_at AS "expiresAt", c.revoked_at AS "revokedAt",
         c.last_used_at AS "lastUsedAt",
         (SELECT json_build_object('revokedAt', p.revoked_at, 'expiresAt', p.expires_at)
            FROM credentials p WHERE p.id = c.parent_id) AS "parent",
         c.tenant_id::text AS "tenantId",
         (SELECT t.name FROM tenants t WHERE t.id = c.tenant_id) AS "tenantName",
         c.user_id::text AS "userId",
         (SELECT json_build_object('name', u.name, 'email', u.email, 'role', u.role, 'status', u.status)
            FROM users u WHERE u.id = c.user_id AND u.tenant_id = c.tenant_id) AS "user",
         (SELECT json_build_object('id', e.id, 'number', e.employee_number, 'departmentId', e.department_id)
            FROM employees e WHERE e.user_id = c.user_id) AS "employee"
  FROM credentials c
  WHERE c.secret_hash = ANY($1::text[])`;

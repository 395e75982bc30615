import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROLES, STAFF_ROLES, type Role } from '../../server/src/domain/staff/roles.schemas.js';
import { appRouter } from '../../server/src/trpc/router.js';
import { FAST_HASHING, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { trpc } from '../support/wallet.js';

/**
 * The role matrix (issue 43): docs/operations.md "Who may call what" is the specification. Every procedure it lists
 * is called as every role, as a player and as a guest; the answer must be 403 exactly where the table says "-".
 * Removing any one check (a procedure built on authedProcedure instead of permitted(...), a role added to a
 * permission) turns some cell of this walk red.
 */
type Matrix = Map<string, Set<Role>>;

async function documentedMatrix(): Promise<Matrix> {
  const doc = await readFile('docs/operations.md', 'utf8');
  const block = /<!-- role-matrix:start -->([\s\S]*?)<!-- role-matrix:end -->/.exec(doc)?.[1];
  if (!block) throw new Error('docs/operations.md has no role matrix');
  const lines = block.trim().split('\n');
  const header = lines[0]!.split('|').map((cell) => cell.trim());
  const matrix: Matrix = new Map();
  for (const line of lines.slice(2)) {
    const cells = line.split('|').map((cell) => cell.trim());
    const path = /^`([\w.]+)`$/.exec(cells[1]!)?.[1];
    if (!path) throw new Error(`unreadable matrix row: ${line}`);
    const allowed = new Set<Role>();
    for (const role of STAFF_ROLES) {
      const cell = cells[header.indexOf(role)];
      if (cell !== 'yes' && cell !== '-') throw new Error(`${path}: cell for ${role} is "${cell}"`);
      if (cell === 'yes') allowed.add(role);
    }
    matrix.set(path, allowed);
  }
  return matrix;
}

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;

describe('staff roles: every procedure checks its role', () => {
  let platform: TestPlatform;
  let matrix: Matrix;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS });
    matrix = await documentedMatrix();
    for (const [i, role] of ALL_ROLES.entries()) {
      // Display names outside ASCII are refused at registration; login names are what a role is given by.
      const { account, token } = await signedInAccount(platform, {}, `10.43.0.${i + 1}`);
      if (role !== 'user') await platform.platform.services.auth.accounts.setRole(account.username, role);
      tokens.set(role, token);
    }
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('lists every admin procedure, and only procedures that exist', () => {
    const adminPaths = Object.keys(procedures).filter((path) => path.startsWith('admin.'));
    expect(adminPaths.length).toBeGreaterThan(30);
    expect(adminPaths.filter((path) => !matrix.has(path))).toEqual([]);
    expect([...matrix.keys()].filter((path) => !procedures[path])).toEqual([]);
  });

  it('answers 403 exactly where the table says the role may not, for every role, player and guest', async () => {
    const wrong: string[] = [];
    for (const [path, allowed] of matrix) {
      const kind = procedures[path]!._def.type as 'query' | 'mutation';
      expect(['query', 'mutation']).toContain(kind);
      // Not an object: every input schema refuses it, so an admitted mutation still changes nothing (400). An array,
      // as the JSON body parser takes only objects and arrays.
      const probe = ['role-matrix-probe'];
      const guest = await trpc(platform, kind, path, probe);
      if (guest.status !== 401) wrong.push(`${path} as a guest: ${guest.status}`);
      for (const role of ALL_ROLES) {
        const answer = await trpc(platform, kind, path, probe, tokens.get(role));
        const refused = answer.status === 403 && answer.body?.error?.data?.code === 'FORBIDDEN';
        const mayCall = role !== 'user' && allowed.has(role);
        if (refused === mayCall)
          wrong.push(`${path} as ${role}: ${answer.status} ${JSON.stringify(answer.body?.error?.message)}`);
        if (!refused && answer.status === 401) wrong.push(`${path} as ${role}: 401`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

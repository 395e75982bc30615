import { readFileSync } from 'node:fs';

/**
 * `npm start` runs npm -> `sh -c "tsx scripts/start.ts"` -> the tsx CLI -> the launcher. A signal to
 * npm reaches the shell, which dies without passing it on, so the tsx CLI and the launcher were
 * left running with nobody to stop them. The launcher therefore watches the processes that started
 * it (its wrappers, up to the package manager) and stops the platform when any of them is gone,
 * whatever signal ended it (SIGKILL included).
 */

interface ProcInfo {
  ppid: number;
  cmdline: string;
}

function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 4, after the command name in parentheses (which may itself hold spaces or parentheses).
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return { ppid, cmdline };
  } catch {
    return undefined;
  }
}

/**
 * The launcher's ancestors that belong to this start: the parent, every ancestor above it whose
 * command runs the same script (the tsx CLI, `sh -c`), and the package manager above those when one
 * ran the script (npm sets npm_lifecycle_event). Each is listed with the parent it had at start.
 */
export function launcherAncestry(
  script: string,
  env: NodeJS.ProcessEnv = process.env,
): { pid: number; ppid: number }[] {
  const chain: { pid: number; ppid: number }[] = [];
  let pid = process.ppid;
  let info = procInfo(pid);
  if (!info) return [{ pid, ppid: -1 }];
  chain.push({ pid, ppid: info.ppid });
  while (info.cmdline.includes(script)) {
    pid = info.ppid;
    const above = procInfo(pid);
    if (!above || pid <= 1) break;
    info = above;
    if (info.cmdline.includes(script) || env.npm_lifecycle_event) chain.push({ pid, ppid: info.ppid });
  }
  return chain;
}

/** True while every process of the chain runs under the parent it had at start. */
export function ancestryIntact(chain: { pid: number; ppid: number }[]): boolean {
  const [parent, ...above] = chain;
  if (parent && process.ppid !== parent.pid) return false;
  for (const member of [parent, ...above]) {
    if (!member || member.ppid === -1) continue;
    // A process whose parent died is re-parented (to init or a subreaper); a gone one has no entry.
    if (procInfo(member.pid)?.ppid !== member.ppid) return false;
  }
  return true;
}

/** Calls onGone once when a process of the launcher's ancestry has ended. */
export function watchAncestry(
  chain: { pid: number; ppid: number }[],
  onGone: () => void,
  intervalMs = 500,
): () => void {
  const timer = setInterval(() => {
    if (ancestryIntact(chain)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

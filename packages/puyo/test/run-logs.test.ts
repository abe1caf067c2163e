import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRunLogs } from '../bench/run-logs.mjs';

// The puzzle bench's --from-log: a table made later from the per-puzzle lines of split runs.
describe('readRunLogs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'puyo-run-logs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('keeps each puzzle with the pnsolve start-up its own run logged, the first line of a puzzle winning', () => {
    const a = write('a.err', 'pnsolve start-up 0.0131\nlevel1 abc_e1__u04 kit 0.0020 pnsolve 0.0450 answers 3\n');
    const b = write(
      'b.err',
      'pnsolve start-up 0.0152\nlevel9 xyz_c1__w05 kit 30.0604 pnsolve >= 300.8560 answers 2\nlevel1 abc_e1__u04 kit 9.0000 pnsolve 9.0000 answers 9\n',
    );
    const logged = readRunLogs([a, b]);
    expect(logged.size).toBe(2);
    expect(logged.get('level1 abc_e1__u04')).toEqual({
      kit: { seconds: 0.002, value: { answers: 3 } },
      peer: { seconds: 0.045, capped: false, startup: 0.0131 },
    });
    expect(logged.get('level9 xyz_c1__w05')).toEqual({
      kit: { seconds: 30.0604, value: { answers: 2 } },
      peer: { seconds: 300.856, capped: true, startup: 0.0152 },
    });
  });

  it('leaves the start-up unknown for a log whose run printed none, and reads a line without pnsolve', () => {
    const old = write('old.err', 'level2 q_e1__u04 kit 1.5000 answers 1\nlevel2 r_e1__u04 kit 1.0000 pnsolve 4.0000 answers 1\n');
    const logged = readRunLogs([old]);
    expect(logged.get('level2 q_e1__u04')).toEqual({ kit: { seconds: 1.5, value: { answers: 1 } }, peer: undefined });
    expect(logged.get('level2 r_e1__u04')?.peer).toEqual({ seconds: 4, capped: false, startup: undefined });
  });

  it('refuses a line that is not one of the bench with its file and line', () => {
    const bad = write('bad.err', 'pnsolve start-up 0.0130\nlevel3 p_e1__u04 kit 1.0000 answers 1\nlevel3 p_e1__u04 kit fast answers 1\n');
    expect(() => readRunLogs([bad])).toThrow(`${bad}:3: not a puzzle line of this bench: "level3 p_e1__u04 kit fast answers 1"`);
  });
});

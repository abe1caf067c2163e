import { readFileSync } from 'node:fs';

/**
 * The per-puzzle lines of earlier runs (what a run prints on stderr), by level and param: a long run
 * may be split over processes (`--levels`) and its table made from their lines (`--from-log`). Each
 * puzzle keeps the pnsolve start-up its run measured (the run's `pnsolve start-up` line; a log without
 * one gets the start-up measured now) and the cap factor its run stopped pnsolve at (`pnsolve cap factor`). The first line of a puzzle wins; a line that is not one is
 * refused with its file and line.
 */
export function readRunLogs(files) {
  const results = new Map();
  const LINE = /^(level\d{1,2}) ([0-9A-Za-z.\-_?]{1,200}) kit (\d{1,6}\.\d{4})(?: pnsolve (>= )?(\d{1,6}\.\d{4}))? answers (\d{1,9})$/;
  const STARTUP = /^pnsolve start-up (\d{1,3}\.\d{4})$/;
  const CAP = /^pnsolve cap factor (\d{1,3}(?:\.\d{1,3})?)$/;
  for (const file of files) {
    let startup;
    let capFactor;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const startupLine = STARTUP.exec(text);
        if (startupLine) startup = Number(startupLine[1]);
        const capLine = CAP.exec(text);
        if (capLine) capFactor = Number(capLine[1]);
        if (startupLine || capLine || !text.startsWith('level')) return;
        const match = LINE.exec(text);
        if (!match) throw new Error(`${file}:${index + 1}: not a puzzle line of this bench: ${JSON.stringify(text.slice(0, 60))}`);
        const [, level, param, kit, capped, peer, answers] = match;
        const key = `${level} ${param}`;
        if (results.has(key)) return;
        results.set(key, {
          kit: { seconds: Number(kit), value: { answers: Number(answers) } },
          peer: peer === undefined ? undefined : { seconds: Number(peer), capped: capped !== undefined, startup, capFactor },
        });
      });
  }
  return results;
}

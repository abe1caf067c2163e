// `kit completion bash|zsh|fish`: scripts made from the plugins found and the host's flags.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { kit } from './helpers.js';

/** Sources the bash script and asks its function for the completions of `words` (the last one being typed). */
function bashComplete(script: string, words: string[]): { registered: string; replies: string[] } {
  const program = [
    script,
    'complete -p kit',
    `COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}`,
    '_kit',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  const [registered, ...replies] = result.stdout.trimEnd().split('\n');
  return { registered: registered!, replies: replies.filter((reply) => reply !== '') };
}

describe('kit completion', () => {
  const bash = kit(['completion', 'bash']).stdout;

  it("bash: sourced, it registers _kit for kit and completes commands, plugin ids and each plugin's flags", () => {
    expect(bashComplete(bash, ['kit', 'g']).replies).toEqual(['generate', 'grade']);
    const ids = bashComplete(bash, ['kit', 'run', '']);
    expect(ids.registered).toBe('complete -o default -F _kit kit');
    expect(ids.replies).toEqual(['hitori-sat', 'katamino', 'pentomino', 'polycube', 'puyo', 'sudoku']);
    expect(bashComplete(bash, ['kit', 'run', 'puyo', '--n']).replies).toEqual(['--nazo', '--no-color']);
    expect(bashComplete(bash, ['kit', 'run', 'pentomino', '--p']).replies).toEqual(['--pieces', '--piece-file', '--plugin']);
    // Puyo's own flags are not offered for another plugin.
    expect(bashComplete(bash, ['kit', 'run', 'sudoku', '--na']).replies).toEqual([]);
    expect(bashComplete(bash, ['kit', 'info', 'puyo', '--']).replies).toEqual(['--help']);
  });

  it('zsh: the same script through bashcompinit', () => {
    const zsh = kit(['completion', 'zsh']).stdout;
    expect(zsh).toContain('autoload -U +X bashcompinit && bashcompinit\n');
    expect(zsh.split('\n').filter((line) => !line.startsWith('#') && !line.startsWith('autoload'))).toEqual(
      bash.split('\n').filter((line) => !line.startsWith('#')),
    );
  });

  it("fish: commands, ids, host flags for run, and each plugin's flags once its id is given", () => {
    const fish = kit(['completion', 'fish']).stdout.split('\n');
    expect(fish).toContain('complete -c kit -n __fish_use_subcommand -a "list info run generate grade web merge worker queue create-plugin completion"');
    expect(fish).toContain(
      'complete -c kit -n "__fish_seen_subcommand_from run info generate grade; and test (count (commandline -opc)) -eq 2" -a "hitori-sat katamino pentomino polycube puyo sudoku"',
    );
    expect(fish).toContain('complete -c kit -n "__fish_seen_subcommand_from run; and __fish_seen_subcommand_from puyo" -l url -l nazo -l pairs -l goal -l all');
  });

  it('an unknown shell: one line, exit 2', () => {
    const result = kit(['completion', 'tcsh']);
    expect([result.status, result.stdout, result.stderr]).toEqual([2, '', "kit: no completion for shell 'tcsh' (bash, zsh or fish)\n"]);
  });
});

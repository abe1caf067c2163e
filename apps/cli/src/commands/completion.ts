// `kit completion bash|zsh|fish`: a completion script for the plugins found when it is made (their
// ids and option names) and the host's own flags (core's HOST_NAMES, as `kit run` reads them).
// Names are checked against a plain pattern before they go into shell code: a plugin is outside code.
import { HOST_NAMES } from '@kit/core/host';
import { UsageError } from '../errors.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What a script completes: the commands, and each plugin's id with its own option names. */
export interface CompletionWords {
  commands: readonly string[];
  plugins: ReadonlyArray<{ id: string; options: readonly string[] }>;
}

const SAFE = /^[a-z0-9][a-z0-9-]*$/;
/** Commands whose first argument is a plugin id. */
const WITH_ID = ['run', 'info', 'generate', 'grade'];

/** The refusal of a shell this command has no script for. */
export function unknownShell(shell: string): string {
  return `no completion for shell '${shell}' (bash, zsh or fish)`;
}

function hostFlags(): string[] {
  return HOST_NAMES.flatMap(({ name, cli }) => (cli ? [cli.negated ? `--no-${name}` : `--${name}`] : [])).filter((flag) => SAFE.test(flag.slice(2)));
}

export function completionScript(shell: string, words: CompletionWords): string {
  if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(unknownShell(shell));
  const plugins = words.plugins
    .filter((plugin) => SAFE.test(plugin.id))
    .map((plugin) => ({ id: plugin.id, options: plugin.options.filter((name) => SAFE.test(name)).map((name) => `--${name}`) }));
  const commands = words.commands.filter((name) => SAFE.test(name));
  return shell === 'fish' ? fishScript(commands, plugins, hostFlags()) : bashScript(commands, plugins, hostFlags(), shell === 'zsh');
}

type Plugins = Array<{ id: string; options: string[] }>;

function bashScript(commands: string[], plugins: Plugins, host: string[], zsh: boolean): string {
  const cases = plugins.map((plugin) => `    ${plugin.id}) flags="${[...plugin.options, ...host].join(' ')}" ;;`);
  return [
    '# kit completion (bash): eval "$(kit completion bash)", or save it in your bash-completion directory',
    ...(zsh ? ['# zsh runs it through bashcompinit', 'autoload -U +X bashcompinit && bashcompinit'] : []),
    '_kit() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" flags',
    '  if [[ $COMP_CWORD -eq 1 ]]; then',
    `    COMPREPLY=($(compgen -W "${commands.join(' ')}" -- "$cur")); return`,
    '  fi',
    `  case "\${COMP_WORDS[1]}" in ${WITH_ID.join('|')}) ;; *) COMPREPLY=(); return ;; esac`,
    '  if [[ $COMP_CWORD -eq 2 ]]; then',
    `    COMPREPLY=($(compgen -W "${plugins.map((plugin) => plugin.id).join(' ')}" -- "$cur")); return`,
    '  fi',
    '  [[ "$cur" == -* ]] || { COMPREPLY=(); return; }',
    // The plugin's flags and the host's are `kit run`'s; the other commands have their own --help.
    '  [[ "${COMP_WORDS[1]}" == run ]] || { COMPREPLY=($(compgen -W "--help" -- "$cur")); return; }',
    '  case "${COMP_WORDS[2]}" in',
    ...cases,
    `    *) flags="${host.join(' ')}" ;;`,
    '  esac',
    '  COMPREPLY=($(compgen -W "$flags" -- "$cur"))',
    '}',
    'complete -o default -F _kit kit',
    '',
  ].join('\n');
}

function fishScript(commands: string[], plugins: Plugins, host: string[]): string {
  const long = (flags: string[]) => flags.map((flag) => `-l ${flag.slice(2)}`).join(' ');
  return [
    '# kit completion (fish): kit completion fish > ~/.config/fish/completions/kit.fish',
    'complete -c kit -f',
    `complete -c kit -n __fish_use_subcommand -a "${commands.join(' ')}"`,
    `complete -c kit -n "__fish_seen_subcommand_from ${WITH_ID.join(' ')}; and test (count (commandline -opc)) -eq 2" -a "${plugins.map((plugin) => plugin.id).join(' ')}"`,
    `complete -c kit -n "__fish_seen_subcommand_from run" ${long(host)}`,
    ...plugins
      .filter((plugin) => plugin.options.length > 0)
      .map((plugin) => `complete -c kit -n "__fish_seen_subcommand_from run; and __fish_seen_subcommand_from ${plugin.id}" ${long(plugin.options)}`),
    '',
  ].join('\n');
}

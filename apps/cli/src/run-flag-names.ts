/**
 * Common flags of `kit run` that take a value: the pre-scan that looks for the plugin id must skip
 * their values. Its own file, so `kit` can read it before it loads the run command's flag parser.
 */
export const COMMON_VALUE_FLAGS = ['--limit', '--delay', '--threads', '--plugin', '--shard', '--queue', '--max-solutions'];

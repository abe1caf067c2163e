import { describe, expect, it } from 'vitest';
import { QueueError, checkUrl, redactUrl } from '../src/connection.js';
import { MAX_JOBS, blocksOf } from '../src/spec.js';

describe('jobs of a run', () => {
  it('is one job a task up to MAX_JOBS, then tasks dealt round-robin into MAX_JOBS blocks', () => {
    expect(blocksOf(3)).toEqual([[0], [1], [2]]);
    const blocks = blocksOf(MAX_JOBS * 2 + 5);
    expect(blocks).toHaveLength(MAX_JOBS);
    expect(blocks[0]).toEqual([0, MAX_JOBS, MAX_JOBS * 2]);
    expect(blocks[5]).toEqual([5, MAX_JOBS + 5]);
    expect(blocks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: MAX_JOBS * 2 + 5 }, (_, t) => t));
  });
});

describe('Redis URLs', () => {
  it('never prints a password', () => {
    expect(redactUrl('redis://:s3cret@10.0.0.5:6379')).toBe('redis://:***@10.0.0.5:6379');
    expect(redactUrl('rediss://kit:p%40ss@host:6380/2')).toBe('rediss://kit:***@host:6380/2');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('takes redis:// and rediss:// only', () => {
    expect(() => checkUrl('rediss://h:1')).not.toThrow();
    expect(() => checkUrl('http://h:1')).toThrow(QueueError);
    expect(() => checkUrl('localhost:6379')).toThrow(
      '--queue must be a Redis URL, redis://HOST:PORT or rediss://[:PASSWORD@]HOST:PORT (got "localhost:6379")',
    );
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cgroupCpuLimit, cpuLimit } from './cpu-limit.js';

const root = mkdtempSync(join(tmpdir(), 'kit-cgroup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'fs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("a container's CPU limit", () => {
  it('reads cgroup v2 cpu.max, at the root and in the process own group, the smaller one', () => {
    expect(cgroupCpuLimit(tree({ 'cpu.max': '200000 100000\n' }), '0::/\n')).toBe(2);
    expect(cgroupCpuLimit(tree({ 'cpu.max': 'max 100000\n' }), '0::/\n')).toBeUndefined();
    expect(cgroupCpuLimit(tree({ 'cpu.max': 'max 100000\n', 'kubepods/pod1/cpu.max': '150000 100000\n' }), '0::/kubepods/pod1\n')).toBe(1.5);
  });

  it('reads cgroup v1 quota and period', () => {
    expect(cgroupCpuLimit(tree({ 'cpu/cpu.cfs_quota_us': '400000\n', 'cpu/cpu.cfs_period_us': '100000\n' }), '')).toBe(4);
    expect(cgroupCpuLimit(tree({ 'cpu/cpu.cfs_quota_us': '-1\n', 'cpu/cpu.cfs_period_us': '100000\n' }), '')).toBeUndefined();
  });

  it('is never more than the cores, nor less than one', () => {
    expect(cpuLimit()).toBeGreaterThanOrEqual(1);
  });
});

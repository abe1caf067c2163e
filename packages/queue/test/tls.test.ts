// A worker and a submitter through Redis over TLS (rediss://): a throwaway CA and a server
// certificate made with openssl in the test's own directory; the kit trusts the CA the way a user
// configures it, Node's NODE_EXTRA_CA_CERTS (docs/distributed.md), never a path from job data.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNSIGNED, freePort, kit, startRedis, startWorker, stop, tempDir, writeFile } from './support.js';

function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=kit test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFile(dir, 'server.ext', 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '1', '-extfile', 'server.ext');
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key') };
}

describe('Redis over TLS', () => {
  it('runs a search through rediss:// with the CA in NODE_EXTRA_CA_CERTS; without it, one line naming the certificate', async () => {
    const { ca, cert, key } = makeCertificates(tempDir('kit-tls-'));
    const tlsPort = await freePort();
    await startRedis(['--tls-port', String(tlsPort), '--tls-cert-file', cert, '--tls-key-file', key, '--tls-ca-cert-file', ca, '--tls-auth-clients', 'no']);
    const url = `rediss://localhost:${tlsPort}`;
    const trusting = { NODE_EXTRA_CA_CERTS: ca };
    const worker = await startWorker(url, { env: trusting });
    const result = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', url], undefined, trusting);
    expect(result.stdout).toBe('3x20: 2 solutions, 5706 tries\n');
    expect(result.stderr.startsWith(UNSIGNED)).toBe(true);
    expect(result.stderr.slice(UNSIGNED.length)).toMatch(new RegExp(`^kit: run run-[0-9a-f]+ submitted to rediss://localhost:${tlsPort}: `));
    const untrusted = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', url]);
    expect(untrusted.status).toBe(2);
    expect(untrusted.stderr.startsWith(UNSIGNED)).toBe(true);
    expect(untrusted.stderr.slice(UNSIGNED.length)).toMatch(new RegExp(`^kit: cannot reach Redis at rediss://localhost:${tlsPort}: [^\\n]*certificate[^\\n]*\\n$`));
    await stop(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
  });
});

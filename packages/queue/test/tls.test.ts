// A worker and a submitter through Redis over TLS (rediss://): a throwaway CA and a server
// certificate made with openssl in the test's own directory; the kit trusts the CA the way a user
// configures it, Node's NODE_EXTRA_CA_CERTS (docs/distributed.md), never a path from job data.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNSIGNED, freePort, kit, startRedis, startWorker, stop, tempDir, writeFile, SUMMARY_3X20 } from './support.js';

/** A throwaway CA, and a server certificate it signs for `names` (subjectAltName entries). */
function makeCertificates(dir: string, names = 'DNS:localhost,IP:127.0.0.1'): { ca: string; cert: string; key: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=kit test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=kit test server');
  writeFile(dir, 'server.ext', `subjectAltName=${names}\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    'server.ext',
  );
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'server.pem'), key: join(dir, 'server.key') };
}

async function startTlsRedis(certificates: { ca: string; cert: string; key: string }): Promise<string> {
  const tlsPort = await freePort();
  await startRedis([
    '--tls-port',
    String(tlsPort),
    '--tls-cert-file',
    certificates.cert,
    '--tls-key-file',
    certificates.key,
    '--tls-ca-cert-file',
    certificates.ca,
    '--tls-auth-clients',
    'no',
  ]);
  return `rediss://localhost:${tlsPort}`;
}

/** Exit 2 and one line, after the unsigned note, matching `line`. */
function refusedInOneLine(result: { status: number | null; stderr: string }, line: RegExp): void {
  expect(result.status).toBe(2);
  expect(result.stderr.startsWith(UNSIGNED)).toBe(true);
  expect(result.stderr.slice(UNSIGNED.length)).toMatch(line);
}

describe('Redis over TLS', () => {
  it('runs a search through rediss:// with the CA in NODE_EXTRA_CA_CERTS; an untrusted or wrong certificate is refused in one line', async () => {
    const certificates = makeCertificates(tempDir('kit-tls-'));
    const url = await startTlsRedis(certificates);
    const trusting = { NODE_EXTRA_CA_CERTS: certificates.ca };
    const worker = await startWorker(url, { env: trusting });
    const result = await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', url], undefined, trusting);
    expect(result.stdout).toBe(`${SUMMARY_3X20}\n`);
    expect(result.stderr.startsWith(UNSIGNED)).toBe(true);
    expect(result.stderr.slice(UNSIGNED.length)).toMatch(new RegExp(`^kit: run run-[0-9a-f]+ submitted to ${url}: `));
    await stop(worker, 'SIGTERM');
    expect(worker.exitCode).toBe(0);
    const where = url.replace(/[.]/g, '\\.');
    // Signed by a CA this machine does not trust: the submitter and a worker say so in one line.
    for (const args of [
      ['run', 'pentomino', '--size', '3', '--count', '--queue', url],
      ['worker', '--queue', url, '--threads', '1'],
    ]) {
      refusedInOneLine(await kit(args), new RegExp(`^kit: cannot reach Redis at ${where}: [^\\n]*certificate[^\\n]*\\n$`));
    }
    // A certificate of a trusted CA, but for another host: refused, naming the names it is for.
    const elsewhere = makeCertificates(tempDir('kit-tls-'), 'DNS:elsewhere.example');
    const wrongUrl = await startTlsRedis(elsewhere);
    refusedInOneLine(
      await kit(['run', 'pentomino', '--size', '3', '--count', '--queue', wrongUrl], undefined, { NODE_EXTRA_CA_CERTS: elsewhere.ca }),
      new RegExp(`^kit: cannot reach Redis at ${wrongUrl.replace(/[.]/g, '\\.')}: [^\\n]*elsewhere\\.example[^\\n]*\\n$`),
    );
  });
});

// The deployment guide's files (docs/deploy.md) parse, and say what the guide
// says: the compose file's load balancer checks /readyz on the replicas' port,
// API replicas run without the job worker, the standby is the read URL; the
// Kubernetes API Deployment probes /readyz and /healthz on its container port and
// gives SIGKILL only after the drain; and every setting named is one Quire reads
// (docs/configuration.md).
import { spawnSync } from 'node:child_process';
import { getSourceMapsSupport } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { prepareProcess } from '../../src/processStart.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deploy = path.join(root, 'deploy');
const read = (file: string) => readFileSync(path.join(deploy, file), 'utf8');

/**
 * The Node flags `npm start` runs Quire with (package.json): every other way the
 * repository starts a Quire process (the worker script, the image, the compose file,
 * Kubernetes, the Node 22 smoke run, the benchmark) gives the same.
 */
const startScript = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
const nodeFlags = /\bexec node ((?:--\S+ )+)dist\/main\.js$/.exec(startScript.start)![1].trim().split(' ');
const workerCommand = ['node', ...nodeFlags, 'dist/jobs/main.js'];

const haproxyInstalled = spawnSync('haproxy', ['-v']).status === 0;
if (!haproxyInstalled) console.warn('deploy-files: haproxy is not installed: its check of deploy/haproxy.cfg is skipped');

/** Every setting docs/configuration.md documents (backquoted upper-case names). */
const documented = new Set(
  [...readFileSync(path.join(root, 'docs/configuration.md'), 'utf8').matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((m) => m[1]),
);

/** One YAML file, strictly: merge keys (`<<`) resolved, any error or warning fails. */
function yamlFile(file: string): unknown {
  return parseYaml(read(file), { merge: true, strict: true, prettyErrors: true });
}

type Env = Record<string, string>;
interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Env;
  stop_grace_period?: string;
  volumes?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
}

const seconds = (duration: string) => {
  const m = /^(\d+)s$/.exec(duration);
  if (!m) throw new Error(`not a duration in seconds: ${duration}`);
  return Number(m[1]);
};

describe('deploy/compose.yaml', () => {
  const compose = yamlFile('compose.yaml') as Compose;
  const s3 = yamlFile('compose.s3.yaml') as Compose;
  const haproxy = read('haproxy.cfg');
  const services = compose.services;
  const api = Object.entries(services).filter(([, s]) => s.image === 'quire:latest' && !s.command);

  it('has a load balancer, two API replicas, a worker, Redis, a primary and a standby', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['haproxy', 'postgres-primary', 'postgres-standby', 'quire-a', 'quire-b', 'redis', 'worker'].sort(),
    );
    expect(api.map(([name]) => name).sort()).toEqual(['quire-a', 'quire-b']);
    // The image of the repository's Dockerfile, built from the repository root.
    for (const name of ['quire-a', 'quire-b', 'worker']) {
      expect(path.resolve(deploy, services[name].build!)).toBe(path.resolve(root));
      expect(services[name].image).toBe('quire:latest');
    }
    expect(services.worker.command).toEqual(workerCommand);
  });

  it('runs jobs only in the worker, reads on the standby, shares Redis and the secrets', () => {
    for (const [, service] of api) expect(service.environment!.QUIRE_WORKER).toBe('off');
    expect(services.worker.environment!.QUIRE_WORKER).toBeUndefined();
    for (const name of ['quire-a', 'quire-b', 'worker']) {
      const env = services[name].environment!;
      expect(new URL(env.DATABASE_URL).hostname).toBe('postgres-primary');
      expect(new URL(env.DATABASE_READ_URL).hostname).toBe('postgres-standby');
      expect(new URL(env.REDIS_URL).hostname).toBe('redis');
      expect(env.FILES_URL_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(env.SITE_TOKEN_SECRETS.length).toBeGreaterThanOrEqual(32);
    }
  });

  it('balances over the replicas on their port, health-checked on /readyz', () => {
    expect(haproxy).toMatch(/option httpchk GET \/readyz/);
    const servers = [...haproxy.matchAll(/^\s*server (\S+) (\S+):(\d+)/gm)].map((m) => ({ host: m[2], port: m[3] }));
    expect(servers.map((s) => s.host).sort()).toEqual(['quire-a', 'quire-b']);
    for (const server of servers) expect(server.port).toBe(services[server.host].environment!.PORT);
    expect(services.haproxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });

  it.skipIf(!haproxyInstalled)('is a configuration HAProxy accepts (haproxy -c)', () => {
    const check = spawnSync('haproxy', ['-c', '-f', path.join(deploy, 'haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('drains before the balancer gives up on a replica, and before Docker kills it', () => {
    const inter = Number(/inter (\d+)s/.exec(haproxy)![1]);
    const fall = Number(/fall (\d+)/.exec(haproxy)![1]);
    for (const [, service] of api) {
      const env = service.environment!;
      expect(Number(env.SHUTDOWN_DELAY_MS)).toBeGreaterThan(inter * fall * 1000);
      expect(seconds(service.stop_grace_period!) * 1000).toBeGreaterThan(Number(env.SHUTDOWN_DELAY_MS) + Number(env.SHUTDOWN_TIMEOUT_MS));
    }
  });

  it('keeps the processes\' connections under the primary\'s max_connections (docs/deploy.md, "Connections")', () => {
    const primary = services['postgres-primary'] as ComposeService & { command: string[] };
    const maxConnections = Number(primary.command.find((c) => c.startsWith('max_connections='))!.split('=')[1]);
    const pool = (name: string) => Number(services[name].environment!.DATABASE_POOL_SIZE);
    // Each API replica: its pool and pg-boss's 3; the worker: its pool, pg-boss's 3 and the liveness connection; 5 to spare.
    const needed = api.reduce((n, [name]) => n + pool(name) + 3, 0) + pool('worker') + 4 + 5;
    expect(needed).toBeLessThan(maxConnections - 3);
  });

  it('names only settings Quire documents', () => {
    const quireServices = ['quire-a', 'quire-b', 'worker'];
    const names = [...quireServices.map((n) => services[n]), ...quireServices.map((n) => s3.services[n])].flatMap((s) =>
      Object.keys(s.environment ?? {}),
    );
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
    expect(s3.services['quire-a'].environment!.S3_ENDPOINT).toBe('http://minio:9000');
  });
});

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Env;
  stringData?: Env;
  spec?: Record<string, unknown>;
}
interface Probe {
  httpGet: { path: string; port: string | number };
  periodSeconds: number;
  failureThreshold: number;
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value: string }[];
  envFrom?: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
}
interface PodTemplate {
  metadata: { labels: Env };
  spec: { terminationGracePeriodSeconds: number; containers: Container[] };
}

describe('deploy/k8s', () => {
  const files = readdirSync(path.join(deploy, 'k8s')).filter((f) => f.endsWith('.yaml'));
  const manifests: Manifest[] = files.flatMap((file) => {
    const docs = parseAllDocuments(read(`k8s/${file}`), { strict: true, prettyErrors: true });
    if (!Array.isArray(docs)) throw new Error(`${file}: not a YAML stream`);
    return docs.map((doc) => {
      expect(doc.errors, `${file}: ${doc.errors.join('; ')}`).toEqual([]);
      return doc.toJS() as Manifest;
    });
  });
  const named = (kind: string, name: string) => {
    const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found;
  };
  const template = (name: string) => (named('Deployment', name).spec as { template: PodTemplate }).template;
  const container = (name: string) => template(name).spec.containers[0]!;
  const envOf = (c: Container) => Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value]));

  it('every document is a named Kubernetes object', () => {
    expect(files.sort()).toEqual(['api.yaml', 'configmap.yaml', 'secret.yaml', 'service.yaml', 'worker.yaml']);
    for (const m of manifests) {
      expect(m.apiVersion).toMatch(/^(v1|apps\/v1|policy\/v1)$/);
      expect(m.metadata.name).toMatch(/^quire-/);
    }
  });

  it('probes the API: readiness on /readyz, liveness on /healthz, on the container port', () => {
    const api = container('quire-api');
    const port = api.ports!.find((p) => p.name === 'http')!;
    expect(String(port.containerPort)).toBe(envOf(api).PORT);
    expect(api.readinessProbe!.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(api.livenessProbe!.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(api.startupProbe!.httpGet.path).toBe('/healthz');
    expect(envOf(api).QUIRE_WORKER).toBe('off');
  });

  it('ends an API pod only after the readiness probe has seen it leave and its requests have drained', () => {
    const api = container('quire-api');
    const env = envOf(api);
    const probe = api.readinessProbe!;
    expect(Number(env.SHUTDOWN_DELAY_MS)).toBeGreaterThan(probe.periodSeconds * probe.failureThreshold * 1000);
    expect(template('quire-api').spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      Number(env.SHUTDOWN_DELAY_MS) + Number(env.SHUTDOWN_TIMEOUT_MS),
    );
    const strategy = named('Deployment', 'quire-api').spec!.strategy as { rollingUpdate: { maxUnavailable: number } };
    expect(strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('runs the job worker in its own Deployment', () => {
    const worker = container('quire-worker');
    expect(worker.command).toEqual(workerCommand);
    expect(envOf(worker).QUIRE_WORKER).toBeUndefined();
    expect(worker.image).toBe(container('quire-api').image);
  });

  it('routes the Service to the API pods by port name', () => {
    const service = named('Service', 'quire-api').spec as { selector: Env; ports: { targetPort: string }[] };
    expect(service.selector).toEqual(template('quire-api').metadata.labels);
    expect(service.ports.map((p) => p.targetPort)).toEqual(['http']);
  });

  it('refers to the ConfigMap and Secret it defines, and names only settings Quire documents', () => {
    const config = named('ConfigMap', 'quire-config').data!;
    const secret = named('Secret', 'quire-secrets').stringData!;
    for (const name of ['quire-api', 'quire-worker']) {
      const refs = container(name).envFrom!.map((r) =>
        'configMapRef' in r ? `ConfigMap/${r.configMapRef.name}` : `Secret/${r.secretRef.name}`,
      );
      expect(refs.sort()).toEqual(['ConfigMap/quire-config', 'Secret/quire-secrets']);
    }
    const names = [
      ...Object.keys(config),
      ...Object.keys(secret),
      ...['quire-api', 'quire-worker'].flatMap((n) => Object.keys(envOf(container(n)))),
    ];
    expect(names).toContain('DATABASE_URL');
    expect(names).toContain('DATABASE_READ_URL');
    expect(names).toContain('REDIS_URL');
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
  });
});

describe('the Node flags of a Quire process', () => {
  it('bound the young generation, whatever memory the host has', () => {
    expect(nodeFlags).toContain('--max-semi-space-size=16');
  });

  it("are set before the application's modules load: the entry points import nothing else statically", () => {
    // A full collection while they load would otherwise fix V8's own growth until the next one,
    // and a package's source map would be kept (src/processStart.ts).
    for (const [entry, start, rest] of [
      ['src/main.ts', './processStart.js', './serve.js'],
      ['src/jobs/main.ts', '../processStart.js', './work.js'],
    ]) {
      const text = readFileSync(path.join(root, entry), 'utf8');
      expect(text.match(/^import .*$/gm), entry).toEqual([`import { prepareProcess } from '${start}';`]);
      expect(text.indexOf('prepareProcess();'), entry).toBeGreaterThan(0);
      expect(text.indexOf('prepareProcess();'), entry).toBeLessThan(text.indexOf(`await import('${rest}');`));
    }
  });

  it("map stack frames of Quire's own files, not the packages'", () => {
    prepareProcess();
    expect(getSourceMapsSupport()).toEqual({ enabled: true, nodeModules: false, generatedCode: false });
    expect(nodeFlags).not.toContain('--enable-source-maps');
  });

  it('are the same wherever the repository starts Quire', () => {
    expect(startScript.worker).toBe(`npm run --silent build && exec node ${nodeFlags.join(' ')} dist/jobs/main.js`);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, 'Dockerfile'), 'utf8'))![1];
    expect(JSON.parse(cmd)).toEqual(['node', ...nodeFlags, 'dist/main.js']);
    expect(readFileSync(path.join(root, 'scripts/node-smoke.sh'), 'utf8')).toContain(`"$runtime" ${nodeFlags.join(' ')} dist/main.js &`);
  });
});

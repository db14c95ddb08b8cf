import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';
import { waitFor } from './wait.ts';
import type { TestCa } from './test-ca.ts';

/** Debian's nginx, or NGINX_PATH; the message says how to get it. */
export function nginxPath(): string {
  const path = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!existsSync(path)) throw new Error(`nginx not found at ${path}: apt-get install nginx-light (or set NGINX_PATH)`);
  return path;
}

export interface GrpcProxy {
  /** host:port of the proxy's TLS listener. */
  address: string;
  stop(): Promise<void>;
}

/**
 * nginx in front of a gRPC server as a secured Temporal frontend would stand: TLS with the test CA's server
 * certificate, a client certificate required (ssl_verify_client on), and `Authorization: Bearer <apiKey>`
 * required, refused as gRPC refuses (status 16, UNAUTHENTICATED) when missing or wrong.
 */
export async function startTlsGrpcProxy(opts: { upstream: string; ca: TestCa; apiKey: string }): Promise<GrpcProxy> {
  return startNginx((dir, port) =>
    httpConfig(
      dir,
      `  map $http_authorization $key_ok { "Bearer ${opts.apiKey}" 1; default 0; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${opts.ca.server.cert};
    ssl_certificate_key ${opts.ca.server.key};
    ssl_client_certificate ${opts.ca.ca};
    ssl_verify_client on;
    # Temporal's long polls last about a minute.
    grpc_read_timeout 300s;
    grpc_send_timeout 300s;
    client_body_timeout 300s;
    location / {
      if ($key_ok = 0) {
        add_header grpc-status 16 always;
        add_header grpc-message "missing or wrong API key" always;
        add_header content-type application/grpc always;
        return 200;
      }
      grpc_pass grpc://${opts.upstream};
    }
  }
`,
    ),
  );
}

/** nginx as a TLS (https) front of an http server, with the test CA's server certificate. */
export async function startTlsHttpProxy(opts: { upstream: string; ca: TestCa; port?: number }): Promise<GrpcProxy> {
  return startNginx(
    (dir, port) =>
      httpConfig(
        dir,
        `  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${opts.ca.server.cert};
    ssl_certificate_key ${opts.ca.server.key};
    location / { proxy_pass http://${opts.upstream}; proxy_set_header Host $http_host; }
  }
`,
      ),
    opts.port,
  );
}

/** An nginx configuration running in the foreground with every file under `dir`: `servers` in its http block. */
const httpConfig = (dir: string, servers: string) => `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers}}
`;

async function startNginx(config: (dir: string, port: number) => string, fixedPort?: number): Promise<GrpcProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'registry-test-nginx-'));
  const port = fixedPort ?? (await freePort());
  const conf = config(dir, port);
  await writeFile(join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    nginxPath(),
    ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await rm(dir, { recursive: true, force: true });
  };
  const open = () =>
    new Promise<boolean>((r) => {
      const s = createConnection({ host: '127.0.0.1', port }, () => (s.end(), r(true)));
      s.once('error', () => r(false));
    });
  try {
    await waitFor('nginx to listen', open, {
      everyMs: 50,
      hopeless: () => (child.exitCode === null ? undefined : `nginx exited with ${child.exitCode}`),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { address: `127.0.0.1:${port}`, stop };
}

import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The app's response headers nginx is to send too (not those nginx sets itself). */
export const headersToMirror = (response: Response) =>
  [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'etag', 'vary', 'transfer-encoding', 'content-encoding'].includes(name))

/**
 * nginx serving the very same HTML bytes with the same response headers (a load generator pays
 * for every header it parses), one worker per core, each page beside its gzip -9 twin for
 * gzip_static: the physical limit of this machine for these bytes.
 */
export async function withNginx<T>(work: string, files: Record<string, Buffer>, headers: Array<[string, string]>, run: (nginx: { base: string; pid: number } | undefined) => Promise<T>): Promise<T> {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' })
  } catch {
    return run(undefined)
  }
  const root = join(work, 'nginx')
  mkdirSync(join(root, 'html'), { recursive: true })
  chmodSync(work, 0o755) // nginx's worker runs as an unprivileged user and must reach the files
  const map: string[] = []
  Object.entries(files).forEach(([path, body], index) => {
    writeFileSync(join(root, 'html', `${index}.html`), body)
    writeFileSync(join(root, 'html', `${index}.html.gz`), gzipSync(body, { level: 9 }))
    map.push(`location = ${path} { default_type "text/html; charset=utf-8"; root ${join(root, 'html')}; try_files /${index}.html =404; }`)
  })
  const port = 3420
  writeFileSync(
    join(root, 'nginx.conf'),
    `worker_processes ${availableParallelism()}; daemon off; pid ${join(root, 'nginx.pid')}; error_log ${join(root, 'error.log')};
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; gzip_static on; gzip_vary on; etag on;
  client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp; uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
  ${headers.map(([name, value]) => `add_header ${name} "${value.replace(/"/g, '\\"')}";`).join(' ')}
  server { listen 127.0.0.1:${port}; ${map.join(' ')} } }`,
  )
  mkdirSync(join(root, 'tmp'), { recursive: true })
  const nginx = spawn('nginx', ['-c', join(root, 'nginx.conf'), '-p', root], { stdio: 'ignore' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  try {
    return await run({ base: `http://127.0.0.1:${port}`, pid: nginx.pid! })
  } finally {
    nginx.kill('SIGQUIT')
    await new Promise((resolve) => nginx.once('exit', resolve))
  }
}

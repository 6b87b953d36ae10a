// Plain TypeScript without path aliases: the production server (server.ts) imports it directly.

/** sd_listen_fds(3): the first socket systemd hands over is file descriptor 3. */
export const SYSTEMD_FIRST_SOCKET_FD = 3

/**
 * The queue of connections the kernel holds for the server, as deploy/coach-site.socket's Backlog
 * (the kernel caps it at net.core.somaxconn, 4096 on current kernels). Node would set 511, also on
 * systemd's socket: during a restart under load more connections than that wait, and the rest
 * would be dropped until the proxy gives up dialling (Caddy then replays a post whose body it no
 * longer has: a 502). Given as `listen`'s second argument: for `{ fd }` Node ignores a `backlog`
 * option and would set 511.
 */
export const LISTEN_BACKLOG = 4096

export type ListenTarget = { fd: number } | { port: number; host: string }

/**
 * Where the server listens. Under systemd socket activation (deploy/coach-site.socket) systemd
 * holds the listening socket and hands it over as fd 3, with LISTEN_FDS (how many) and LISTEN_PID
 * (for which process: a child that inherits the variables must not take them as its own). The
 * socket outlives the server, so during a restart the kernel queues new connections instead of
 * refusing them, and no proxy ever has to replay a form post. A cluster worker listens through
 * its primary (node:cluster opens the socket there), so it checks the primary's pid.
 * Without those variables the server listens on HOST:PORT itself.
 */
export function listenTarget(env: NodeJS.ProcessEnv = process.env, socketOwnerPid = process.pid): ListenTarget {
  const handedOver = env.LISTEN_PID === String(socketOwnerPid) && Number(env.LISTEN_FDS) >= 1
  if (handedOver) return { fd: SYSTEMD_FIRST_SOCKET_FD }
  return { port: Number(env.PORT ?? 3000), host: env.HOST ?? '0.0.0.0' }
}

/** For the log line: the socket from systemd, or the address. */
export const describeListenTarget = (target: ListenTarget) => ('fd' in target ? `systemd socket (fd ${target.fd})` : `http://${target.host}:${target.port}/`)

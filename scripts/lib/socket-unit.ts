/**
 * What systemd does with deploy/coach-site.socket and coach-site.service, for `npm run test:deploy`
 * (which has no systemd): holds the listening socket, starts the service with it as fd 3 and
 * LISTEN_FDS=1, LISTEN_PID=<the service's pid>, writes that pid to a file, and starts the service
 * again whenever it exits (a SIGTERM to that pid is `systemctl restart`). Between the two, the
 * kernel queues new connections on the socket: nobody is refused.
 * It never accepts a connection itself: from the moment it listens it is blocked in spawnSync, so
 * its event loop never runs. Stop it with SIGTERM, then the service by its pid.
 *   node scripts/lib/socket-unit.ts <host> <port> <pid file> <command> [arguments…]
 */
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'

const [host, port, pidFile, ...command] = process.argv.slice(2)
if (!host || !port || !pidFile || command.length === 0) throw new Error('usage: socket-unit.ts <host> <port> <pid file> <command> [arguments…]')

const socket = createServer()
socket.listen({ host, port: Number(port), backlog: 4096 }, () => {
  const fd = (socket as unknown as { _handle: { fd: number } })._handle.fd
  // The shell's own pid is the service's: `exec` keeps it, as systemd sets LISTEN_PID after fork.
  const service = 'echo $$ > "$0"; export LISTEN_FDS=1 LISTEN_PID=$$; exec "$@"'
  for (;;) spawnSync('sh', ['-c', service, pidFile, ...command], { stdio: ['ignore', 'inherit', 'inherit', fd] })
})

import { describe, expect, it } from 'vitest'
import { describeListenTarget, listenTarget } from '~/server/http/listen-socket'

describe('where the production server listens', () => {
  it('takes fd 3 when systemd hands the socket to this very process', () => {
    expect(listenTarget({ LISTEN_PID: '4242', LISTEN_FDS: '1', PORT: '3000' }, 4242)).toEqual({ fd: 3 })
  })

  it('listens on HOST:PORT itself when the socket was meant for another process (a child that inherited the variables)', () => {
    expect(listenTarget({ LISTEN_PID: '4242', LISTEN_FDS: '1', PORT: '3100', HOST: '127.0.0.1' }, 4343)).toEqual({ port: 3100, host: '127.0.0.1' })
  })

  it('listens on HOST:PORT when systemd passed no socket, or no variables at all', () => {
    expect(listenTarget({ LISTEN_PID: '4242', LISTEN_FDS: '0' }, 4242)).toEqual({ port: 3000, host: '0.0.0.0' })
    expect(listenTarget({ LISTEN_FDS: '1' }, 4242)).toEqual({ port: 3000, host: '0.0.0.0' })
    expect(listenTarget({}, 4242)).toEqual({ port: 3000, host: '0.0.0.0' })
  })

  it('names the target in the start line', () => {
    expect(describeListenTarget({ fd: 3 })).toBe('systemd socket (fd 3)')
    expect(describeListenTarget({ port: 3000, host: '::' })).toBe('http://:::3000/')
  })
})

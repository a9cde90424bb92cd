//! Accepting connections: the open-file limit raised at start, a count of connections in
//! all and per address with a clear refusal past either cap (HTTP 503 or 429 and why), and
//! hyper's HTTP/1 with a deadline on each request's head, so that a connection that sends
//! no request, or stays idle after one, does not hold its socket for ever.

use super::Server;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// Where a connection comes from, as counted: an IPv4 address, or an IPv6 address's /64
/// (the block one subscriber is usually given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Origin(IpAddr);

impl Origin {
    /// The address (an IPv6 address's /64 as its first address).
    pub(crate) fn ip(self) -> IpAddr {
        self.0
    }

    /// The origin of `ip`.
    pub(crate) fn of(ip: IpAddr) -> Origin {
        match ip {
            IpAddr::V4(_) => Origin(ip),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Origin(IpAddr::V4(v4)),
                None => {
                    let bits = u128::from(v6) & !((1u128 << 64) - 1);
                    Origin(IpAddr::V6(bits.into()))
                }
            },
        }
    }
}

/// The connections open now, in all and per origin.
#[derive(Debug, Default)]
pub(crate) struct Gate {
    total: AtomicUsize,
    per: Mutex<HashMap<Origin, usize>>,
    refusing: AtomicUsize,
}

/// A connection's place at the gate, given back when it is dropped (with its socket).
#[derive(Debug)]
pub(crate) struct Admitted {
    gate: Arc<Gate>,
    origin: Origin,
    /// Counted in all too (a socket), not only at its origin (a forwarded WebSocket).
    total: bool,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if self.total {
            self.gate.total.fetch_sub(1, Ordering::Relaxed);
        }
        let mut per = self.gate.per.lock().expect("not poisoned");
        if let Some(n) = per.get_mut(&self.origin) {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.origin);
            }
        }
    }
}

/// Why a connection was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The server holds its most connections.
    Full(usize),
    /// This address holds its most.
    Address(usize),
}

impl Gate {
    /// Connections open now.
    pub(crate) fn open(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    fn admit(
        self: &Arc<Self>,
        ip: IpAddr,
        most: usize,
        per_address: usize,
    ) -> Result<Admitted, Refused> {
        let origin = Origin::of(ip);
        let mut per = self.per.lock().expect("not poisoned");
        if self.total.load(Ordering::Relaxed) >= most {
            return Err(Refused::Full(most));
        }
        let n = per.entry(origin).or_insert(0);
        if *n >= per_address {
            return Err(Refused::Address(per_address));
        }
        *n += 1;
        self.total.fetch_add(1, Ordering::Relaxed);
        Ok(Admitted {
            gate: self.clone(),
            origin,
            total: true,
        })
    }

    /// Counts a WebSocket that a trusted proxy forwards for `ip` against that address's
    /// cap (the proxy's socket is already counted in all).
    pub(crate) fn admit_forwarded(
        self: &Arc<Self>,
        ip: IpAddr,
        per_address: usize,
    ) -> Result<Admitted, Refused> {
        let origin = Origin::of(ip);
        let mut per = self.per.lock().expect("not poisoned");
        let n = per.entry(origin).or_insert(0);
        if *n >= per_address {
            return Err(Refused::Address(per_address));
        }
        *n += 1;
        Ok(Admitted {
            gate: self.clone(),
            origin,
            total: false,
        })
    }
}

impl Refused {
    /// The status and the text a refusal is answered with.
    pub(crate) fn answer(self) -> (u16, String) {
        match self {
            Refused::Full(n) => (
                503,
                format!("this server holds its most connections ({n}); try again later\n"),
            ),
            Refused::Address(n) => (
                429,
                format!("too many connections from your address (at most {n} at once)\n"),
            ),
        }
    }
}

/// A socket that holds its place at the gate for as long as it lives, through the upgrade
/// to a WebSocket too.
struct Counted {
    stream: TcpStream,
    _place: Admitted,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Raises this process's limit on open files to its hard limit (a connection is a file),
/// and returns the limit now in force.
pub fn raise_open_files() -> std::io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// Refusals answered at once at most: past them, a connection over a cap is closed
/// without an answer, so that refusing costs little more than accepting.
const REFUSING: usize = 64;

/// Accepts connections until the server stops, each served on a task of its own (over
/// TLS when the server has a certificate: its handshake under the same deadline as a
/// request's head).
pub(crate) async fn accept(listener: TcpListener, server: Arc<Server>, app: Router) {
    let limits = server.config.limits;
    let tls = server
        .config
        .tls
        .clone()
        .map(tokio_rustls::TlsAcceptor::from);
    let mut stopped = server.stopped.subscribe();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopped.wait_for(|s| *s) => return,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of files or memory for a moment: wait rather than spin.
                eprintln!("tabula-server: accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Small messages go out at once: without this, a move waits for the previous
        // packet's acknowledgement, which the receiver delays (tens of milliseconds).
        let _ = stream.set_nodelay(true);
        // A proxy trusted to say who its clients are is held to the cap in all only: its
        // clients are counted by address at their requests (`forwarded`).
        let per_address = if server.config.trust_proxy == Some(peer.ip()) {
            usize::MAX
        } else {
            limits.max_per_address
        };
        let place = match server
            .gate
            .admit(peer.ip(), limits.max_connections, per_address)
        {
            Ok(place) => place,
            Err(why) => {
                let gate = server.gate.clone();
                if gate.refusing.fetch_add(1, Ordering::Relaxed) < REFUSING {
                    let tls = tls.clone();
                    tokio::spawn(async move {
                        match tls {
                            None => refuse(stream, why).await,
                            Some(tls) => {
                                // Said over TLS, or a client could not read it; briefly.
                                let shake = tls.accept(stream);
                                if let Ok(Ok(stream)) =
                                    tokio::time::timeout(REFUSAL_HANDSHAKE, shake).await
                                {
                                    refuse(stream, why).await;
                                }
                            }
                        }
                        gate.refusing.fetch_sub(1, Ordering::Relaxed);
                    });
                } else {
                    gate.refusing.fetch_sub(1, Ordering::Relaxed);
                }
                continue;
            }
        };
        let counted = Counted {
            stream,
            _place: place,
        };
        let server = server.clone();
        let router = app.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            match tls {
                None => serve(counted, peer, server, router).await,
                Some(tls) => {
                    let shake = tokio::time::timeout(limits.handshake, tls.accept(counted));
                    let mut stopped = server.stopped.subscribe();
                    let shaken = tokio::select! {
                        s = shake => s,
                        _ = stopped.wait_for(|s| *s) => return,
                    };
                    // A handshake that fails or does not end in time closes the socket
                    // (and gives its place back) with nothing said.
                    if let Ok(Ok(stream)) = shaken {
                        serve(stream, peer, server, router).await;
                    }
                }
            }
        });
    }
}

/// How long a refused connection's TLS handshake may take before it is closed unanswered.
const REFUSAL_HANDSHAKE: Duration = Duration::from_secs(2);

/// Serves one connection's requests (and the WebSocket one of them may become) until it
/// closes or the server stops.
async fn serve<I>(io: I, peer: SocketAddr, server: Arc<Server>, router: Router)
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let limits = server.config.limits;
    let trusted = server.config.trust_proxy == Some(peer.ip());
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let from = if trusted {
            forwarded(request.headers()).map_or(peer, |ip| SocketAddr::new(ip, 0))
        } else {
            peer
        };
        request.extensions_mut().insert(ConnectInfo(from));
        if trusted && from != peer {
            request.extensions_mut().insert(Forwarded);
        }
        let mut router = router.clone();
        tower_service::Service::call(&mut router, request)
    });
    let mut stopped = server.stopped.subscribe();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.handshake)
        .max_buf_size(64 * 1024);
    let connection = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::select! {
        _ = connection => {}
        _ = stopped.wait_for(|s| *s) => {}
    }
}

/// Marks a request whose address came from the trusted proxy's `X-Forwarded-For`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Forwarded;

/// The client's address as a proxy says it: the last address of `X-Forwarded-For` (the
/// one the proxy added; those before it are the client's own say). None when the header
/// is absent or its last entry is no address.
fn forwarded(headers: &hyper::HeaderMap) -> Option<IpAddr> {
    let last = headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()?
        .to_str()
        .ok()?
        .rsplit(',')
        .next()?
        .trim();
    last.parse::<IpAddr>()
        .ok()
        .or_else(|| last.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// Answers a connection over a cap with why, then closes it.
async fn refuse<S: AsyncRead + AsyncWrite + Unpin>(mut stream: S, why: Refused) {
    let (code, text) = why.answer();
    let status = match code {
        503 => "503 Service Unavailable",
        _ => "429 Too Many Requests",
    };
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Retry-After: 10\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
    // The request is read (a little of it, briefly) so that closing does not reset the
    // connection before the answer is read.
    let mut buf = [0u8; 2048];
    let _ = tokio::time::timeout(Duration::from_millis(200), async {
        use tokio::io::AsyncReadExt;
        stream.read(&mut buf).await
    })
    .await;
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        stream.write_all(response.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}

/// The address a request came from, as counted (unspecified when unknown).
pub(crate) fn peer_of(request: &axum::extract::Request) -> Origin {
    let ip = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
    Origin::of(ip)
}

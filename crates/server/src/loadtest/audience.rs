//! The audience of the load test's watched table: every spectator's WebSocket read by one
//! task, straight off its socket, rather than by a task and a WebSocket library each, so
//! that the load generator takes as little as it can of the processors it shares with the
//! servers it measures. Every message is still read whole (its frames, its length, its
//! UTF-8); of a `moved` event only the ply is looked at.

use super::moved_ply;
use futures_util::stream::{FuturesUnordered, StreamExt};
use std::ops::Range;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

/// When each move of the watched table (ply 1 on) reached one spectator.
pub(crate) type Seen = Vec<Option<Instant>>;

/// Reads every spectator's socket until each has seen `moves` moves (or the game's end),
/// or `within` has passed; returns, for each spectator in order, when each move reached
/// it (none for those it never saw).
pub(crate) async fn watch(sockets: Vec<TcpStream>, moves: usize, within: Duration) -> Vec<Seen> {
    let mut seen = vec![vec![None; moves]; sockets.len()];
    let mut watching: FuturesUnordered<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(i, socket)| async move { (i, spectate(socket, moves).await) })
        .collect();
    let deadline = tokio::time::sleep(within);
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            next = watching.next() => match next {
                Some((i, saw)) => seen[i] = saw,
                None => break,
            },
            _ = &mut deadline => break,
        }
    }
    seen
}

/// One spectator: reads its socket until it has seen `moves` moves, the game ended, or the
/// connection closed or broke the protocol.
async fn spectate(socket: TcpStream, moves: usize) -> Seen {
    let mut seen = vec![None; moves];
    let mut count = 0;
    // Bytes read and not yet taken as frames; a fragmented message's parts so far.
    let mut read = Vec::with_capacity(4096);
    let mut message = Vec::new();
    loop {
        if socket.readable().await.is_err() {
            return seen;
        }
        read.reserve(4096);
        match socket.try_read_buf(&mut read) {
            Ok(0) => return seen,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
            Err(_) => return seen,
        }
        let mut taken = 0;
        while let Some(frame) = Frame::read(&read[taken..]) {
            let payload = &read[taken..][frame.payload.clone()];
            match frame.opcode {
                // Text, or the continuation of a fragmented one.
                TEXT | CONTINUATION => {
                    let whole = if frame.fin && message.is_empty() {
                        payload
                    } else {
                        message.extend_from_slice(payload);
                        if !frame.fin {
                            taken += frame.length;
                            continue;
                        }
                        &message[..]
                    };
                    let Ok(text) = std::str::from_utf8(whole) else {
                        return seen;
                    };
                    if let Some(ply) = moved_ply(text)
                        && (1..=moves).contains(&ply)
                        && seen[ply - 1].is_none()
                    {
                        seen[ply - 1] = Some(Instant::now());
                        count += 1;
                        // A game that ended early has no more moves to wait for.
                        if count == moves || text.contains(r#""result":"#) {
                            return seen;
                        }
                    }
                    message.clear();
                }
                PING => {
                    // Answered as the protocol wants (a client's frame is masked), or the
                    // server would take the spectator for gone.
                    let _ = socket.try_write(&pong(payload));
                }
                CLOSE => return seen,
                _ => {}
            }
            taken += frame.length;
        }
        read.drain(..taken);
    }
}

const CONTINUATION: u8 = 0;
const TEXT: u8 = 1;
const CLOSE: u8 = 8;
const PING: u8 = 9;
const PONG: u8 = 10;

/// A WebSocket frame's head, as read from the start of some bytes.
#[derive(Debug, PartialEq)]
struct Frame {
    fin: bool,
    opcode: u8,
    /// Where its payload lies in the bytes.
    payload: Range<usize>,
    /// Its length in all, head and payload.
    length: usize,
}

impl Frame {
    /// The frame at the start of `bytes`, once they hold all of it; a server's frames are
    /// not masked (one that is, is taken as is: nothing here reads a masked payload).
    fn read(bytes: &[u8]) -> Option<Frame> {
        let [first, second, ..] = *bytes else {
            return None;
        };
        let (length, mut head): (usize, usize) = match second & 0x7f {
            126 => (
                u16::from_be_bytes(bytes.get(2..4)?.try_into().ok()?) as usize,
                4,
            ),
            127 => (
                usize::try_from(u64::from_be_bytes(bytes.get(2..10)?.try_into().ok()?)).ok()?,
                10,
            ),
            n => (n as usize, 2),
        };
        if second & 0x80 != 0 {
            head += 4;
        }
        let end = head.checked_add(length)?;
        (bytes.len() >= end).then_some(Frame {
            fin: first & 0x80 != 0,
            opcode: first & 0x0f,
            payload: head..end,
            length: end,
        })
    }
}

/// The masked pong a client answers a ping with (a ping's payload is at most 125 bytes).
fn pong(payload: &[u8]) -> Vec<u8> {
    let payload = &payload[..payload.len().min(125)];
    let key = [0x5a, 0x17, 0xc3, 0x8e];
    let mut frame = vec![0x80 | PONG, 0x80 | payload.len() as u8];
    frame.extend_from_slice(&key);
    frame.extend(payload.iter().zip(key.iter().cycle()).map(|(b, k)| b ^ k));
    frame
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_once_whole_whatever_their_length() {
        let short = [&[0x81, 3][..], b"abc"].concat();
        assert_eq!(
            Frame::read(&short),
            Some(Frame {
                fin: true,
                opcode: TEXT,
                payload: 2..5,
                length: 5
            })
        );
        assert_eq!(Frame::read(&short[..4]), None);
        let mut long = vec![0x01, 126, 0x01, 0x00];
        long.extend(std::iter::repeat_n(b'x', 256));
        let frame = Frame::read(&long).expect("whole");
        assert_eq!(
            (frame.fin, frame.opcode, frame.payload),
            (false, TEXT, 4..260)
        );
        assert_eq!(Frame::read(&long[..259]), None);
        assert_eq!(Frame::read(&[0x89]), None);
    }

    #[test]
    fn a_pong_is_masked_and_carries_the_ping_s_payload() {
        let frame = pong(b"hi");
        assert_eq!(frame[0], 0x8a);
        assert_eq!(frame[1], 0x80 | 2);
        let key = &frame[2..6];
        let payload: Vec<u8> = frame[6..].iter().zip(key).map(|(b, k)| b ^ k).collect();
        assert_eq!(payload, b"hi");
    }
}

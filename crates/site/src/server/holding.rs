//! An answer's body that holds something until it is sent in full or dropped: a request
//! counted as in progress on its connection, a permit of the heavy routes. A large answer
//! read slowly by its client keeps what it holds.

use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::{Body, Bytes};
use http_body::{Frame, SizeHint};

/// `inner`, holding `held` as long as it lives.
pub struct Holding<G> {
    pub inner: Body,
    /// Never read: it is dropped with the body.
    #[allow(dead_code)]
    pub held: G,
}

impl<G: Send + Unpin + 'static> http_body::Body for Holding<G> {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

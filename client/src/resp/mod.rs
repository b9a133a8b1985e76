//! The RESP wire format: finding frames in a byte stream and reading them.

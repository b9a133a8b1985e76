//! Every sample scans to the same result however its bytes are split between reads.

mod scan_support;

use scan_support::{assert_same_in_pieces, SAMPLES};

#[test]
fn every_sample_scans_the_same_byte_by_byte_and_split_anywhere() {
    for sample in SAMPLES {
        assert_same_in_pieces(sample, &Ok(Some(sample.len())));
        let with_next = [*sample, b"*2\r\n:1\r\n"].concat();
        assert_same_in_pieces(&with_next, &Ok(Some(sample.len())));
    }
}

#[test]
fn all_samples_in_one_array_scan_the_same_split_anywhere() {
    let body: Vec<u8> = SAMPLES.concat();
    let frame = [format!("*{}\r\n", SAMPLES.len()).as_bytes(), &body].concat();
    assert_same_in_pieces(&frame, &Ok(Some(frame.len())));
    let streamed = [&b"~?\r\n"[..], &body, b".\r\n"].concat();
    assert_same_in_pieces(&streamed, &Ok(Some(streamed.len())));
}

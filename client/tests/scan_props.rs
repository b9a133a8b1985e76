//! Property tests: random valid frames scan to their exact length however split, and
//! random bytes never panic and get the same verdict whole and in pieces.

mod scan_support;

use proptest::collection::vec;
use proptest::prelude::*;
use scan_support::strategy::{value, ALL};
use scan_support::{bytewise, pieces, whole};
use typedis::Limits;

/// Byte strings made of RESP fragments and stray bytes: mostly almost-valid input.
fn soup() -> impl Strategy<Value = Vec<u8>> {
    let fragment = prop_oneof![
        prop::sample::select(vec![
            "\r\n",
            "\r",
            "\n",
            "*1\r\n",
            "*2\r\n",
            "*-1\r\n",
            "%1\r\n",
            "~1\r\n",
            ">1\r\n",
            "|1\r\n",
            "|0\r\n",
            "$3\r\n",
            "$-1\r\n",
            "$?\r\n",
            "*?\r\n",
            "%?\r\n",
            "~?\r\n",
            ";2\r\n",
            ";0\r\n",
            ".\r\n",
            ":1\r\n",
            ":-",
            "+a\r\n",
            "-E\r\n",
            "abc",
            "_\r\n",
            "#t\r\n",
            ",1.5\r\n",
            ",",
            "(12\r\n",
            "=5\r\ntxt:a\r\n",
            "!1\r\n",
            "9",
            "-1",
            "?",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        vec(any::<u8>(), 1..3),
    ];
    vec(fragment, 0..40).prop_map(|f| f.concat())
}

/// Limits small enough for random input to reach every bound.
const SMALL: Limits = Limits::DEFAULT
    .max_depth(4)
    .max_bulk_len(8)
    .max_aggregate_len(5)
    .max_frame_len(64);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn valid_frames_scan_to_their_length_however_split(
        frame in value(ALL),
        next in soup(),
        cuts in vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let limits = Limits::default();
        let expected = Ok(Some(frame.len()));
        prop_assert_eq!(whole(&frame, limits), expected.clone());
        let buf = [frame.clone(), next].concat();
        prop_assert_eq!(whole(&buf, limits), expected.clone());
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(buf.len() + 1)).collect();
        cuts.sort_unstable();
        prop_assert_eq!(pieces(&buf, cuts, limits), expected.clone());
        prop_assert_eq!(bytewise(&buf, limits), expected);
        for end in 0..frame.len() {
            prop_assert_eq!(whole(&frame[..end], limits), Ok(None));
        }
    }

    #[test]
    fn any_bytes_get_the_same_verdict_whole_and_in_pieces(
        bytes in prop_oneof![soup(), vec(any::<u8>(), 0..64)],
        cuts in vec(any::<prop::sample::Index>(), 0..8),
        small in any::<bool>(),
    ) {
        let limits = if small { SMALL } else { Limits::default() };
        let expected = whole(&bytes, limits);
        let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(bytes.len() + 1)).collect();
        cuts.sort_unstable();
        prop_assert_eq!(pieces(&bytes, cuts, limits), expected.clone());
        prop_assert_eq!(bytewise(&bytes, limits), expected.clone());
        if let Ok(Some(n)) = expected {
            prop_assert!(n > 0 && n <= bytes.len());
            prop_assert_eq!(whole(&bytes[..n], limits), Ok(Some(n)));
            prop_assert_eq!(whole(&bytes[..n - 1], limits), Ok(None));
        }
    }
}

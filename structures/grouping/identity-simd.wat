;; identity-kernel.ts's alignment, eight alignments at once (WebAssembly SIMD, i16x8):
;; one query (rows) against eight subjects (columns), each lane running exactly the scalar
;; recurrence of identityCount, with the same comparisons in the same order, so every lane
;; makes the same choices and ends with the same score and identity count.
;; Compiled by scripts/build-wasm.mjs into identity-simd.wasm (committed; a test checks the
;; two agree). Loaded by identity-simd.ts, which says how memory is laid out. tight16 (at
;; the end) bounds the identity count of align8 in a fraction of its time.
;;
;; Lane values are 16-bit: a local alignment's score is at most 11 (BLOSUM62's largest
;; entry) per residue of the shorter sequence, so identity-simd.ts sends a pair here only
;; when that bound stays below 32,767; gap values start at -32,768 (saturating), the scalar
;; kernel's -1e9, which loses every comparison there as it does here.
;;
;; Columns past a lane's own length (rows, when transposed) hold a padding code whose score
;; is negative: every value in such a cell comes from an earlier cell minus a positive
;; amount, so it never exceeds that lane's best (strictly), and the lane's real cells never
;; read it (they lie to its left, or above it).
(module
  (memory (export "memory") 1)

  ;; Scores: 32 bytes per query letter at offset 0 (letter r's score against every code
  ;; 0..31, as signed bytes). Results: 8 scores then 8 identity counts (i16) at offset 1024.
  ;; a: n query codes (bytes); cols: m columns of 8 subject codes (bytes); row: m cells of
  ;; 4 vectors (H, identities of H, F, identities of F), 64 bytes each.
  ;;
  ;; With $transposed = 1 the lanes are eight queries against one subject: a holds n
  ;; rows of 8 query codes, cols the m subject codes (bytes). The lookup is the same
  ;; (BLOSUM62 is symmetric, and so is identity): the table row and the letter compared
  ;; with come from the column's letter instead of the row's, the lane codes from the row.
  ;; Each lane still runs the recurrence of its own query (rows) against the subject
  ;; (columns), row by row, so it ends with identityCount(query, subject).
  (func (export "align8")
    (param $a i32) (param $n i32) (param $cols i32) (param $m i32) (param $row i32)
    (param $open i32) (param $ext i32) (param $transposed i32)
    (local $i i32) (local $j i32) (local $ai i32) (local $p i32) (local $c i32)
    (local $vopen v128) (local $vext v128) (local $neg v128) (local $zero v128) (local $sixteen v128)
    (local $tlo v128) (local $thi v128) (local $aiv v128) (local $code v128)
    (local $hDiag v128) (local $idDiag v128) (local $hLeft v128) (local $idLeft v128)
    (local $e v128) (local $idE v128) (local $f v128) (local $idF v128)
    (local $hUp v128) (local $idUp v128) (local $h v128) (local $idh v128)
    (local $t v128) (local $u v128) (local $mask v128) (local $best v128) (local $bestId v128)

    (local.set $vopen (i16x8.splat (local.get $open)))
    (local.set $vext (i16x8.splat (local.get $ext)))
    (local.set $neg (i16x8.splat (i32.const -32768)))
    (local.set $zero (v128.const i64x2 0 0))
    (local.set $sixteen (i8x16.splat (i32.const 16)))
    (local.set $best (local.get $zero))
    (local.set $bestId (local.get $zero))

    ;; The row before the first: H 0, F "minus infinity", identities 0.
    (local.set $p (local.get $row))
    (local.set $c (i32.add (local.get $row) (i32.shl (local.get $m) (i32.const 6))))
    (block $done0
      (loop $init
        (br_if $done0 (i32.ge_u (local.get $p) (local.get $c)))
        (v128.store offset=0 (local.get $p) (local.get $zero))
        (v128.store offset=16 (local.get $p) (local.get $zero))
        (v128.store offset=32 (local.get $p) (local.get $neg))
        (v128.store offset=48 (local.get $p) (local.get $zero))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $init)))

    (local.set $i (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $n)))
        (if (local.get $transposed)
          (then
            (local.set $code (v128.load64_zero
              (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 3))))))
          (else
            (local.set $ai (i32.load8_u (i32.add (local.get $a) (local.get $i))))
            (local.set $tlo (v128.load offset=0 (i32.shl (local.get $ai) (i32.const 5))))
            (local.set $thi (v128.load offset=16 (i32.shl (local.get $ai) (i32.const 5))))
            ;; X (code 20) is identical to nothing: compare with a code no column holds.
            (local.set $aiv (i8x16.splat
              (select (i32.const 255) (local.get $ai) (i32.eq (local.get $ai) (i32.const 20)))))))
        (local.set $hDiag (local.get $zero))
        (local.set $idDiag (local.get $zero))
        (local.set $hLeft (local.get $zero))
        (local.set $idLeft (local.get $zero))
        (local.set $e (local.get $neg))
        (local.set $idE (local.get $zero))
        (local.set $j (i32.const 0))
        (local.set $p (local.get $row))
        (block $colsDone
          (loop $colsLoop
            (br_if $colsDone (i32.ge_u (local.get $j) (local.get $m)))
            (if (local.get $transposed)
              (then
                (local.set $ai (i32.load8_u (i32.add (local.get $cols) (local.get $j))))
                (local.set $tlo (v128.load offset=0 (i32.shl (local.get $ai) (i32.const 5))))
                (local.set $thi (v128.load offset=16 (i32.shl (local.get $ai) (i32.const 5))))
                (local.set $aiv (i8x16.splat
                  (select (i32.const 255) (local.get $ai) (i32.eq (local.get $ai) (i32.const 20))))))
              (else
                (local.set $code (v128.load64_zero
                  (i32.add (local.get $cols) (i32.shl (local.get $j) (i32.const 3)))))))
            ;; E: open from the cell on the left, or extend (strictly better only).
            (local.set $t (i16x8.sub_sat_s (local.get $hLeft) (local.get $vopen)))
            (local.set $u (i16x8.sub_sat_s (local.get $e) (local.get $vext)))
            (local.set $mask (i16x8.gt_s (local.get $u) (local.get $t)))
            (local.set $e (v128.bitselect (local.get $u) (local.get $t) (local.get $mask)))
            (local.set $idE (v128.bitselect (local.get $idE) (local.get $idLeft) (local.get $mask)))
            ;; F: open from the cell above, or extend.
            (local.set $hUp (v128.load offset=0 (local.get $p)))
            (local.set $idUp (v128.load offset=16 (local.get $p)))
            (local.set $t (i16x8.sub_sat_s (local.get $hUp) (local.get $vopen)))
            (local.set $u (i16x8.sub_sat_s (v128.load offset=32 (local.get $p)) (local.get $vext)))
            (local.set $mask (i16x8.gt_s (local.get $u) (local.get $t)))
            (local.set $f (v128.bitselect (local.get $u) (local.get $t) (local.get $mask)))
            (local.set $idF (v128.bitselect (v128.load offset=48 (local.get $p)) (local.get $idUp) (local.get $mask)))
            ;; H: the diagonal, then E if strictly better, then F, then 0 (start afresh).
            (local.set $h (i16x8.add_sat_s (local.get $hDiag)
              (i16x8.extend_low_i8x16_s (v128.or
                (i8x16.swizzle (local.get $tlo) (local.get $code))
                (i8x16.swizzle (local.get $thi) (i8x16.sub (local.get $code) (local.get $sixteen)))))))
            (local.set $idh (i16x8.sub (local.get $idDiag)
              (i16x8.extend_low_i8x16_s (i8x16.eq (local.get $code) (local.get $aiv)))))
            (local.set $mask (i16x8.gt_s (local.get $e) (local.get $h)))
            (local.set $h (v128.bitselect (local.get $e) (local.get $h) (local.get $mask)))
            (local.set $idh (v128.bitselect (local.get $idE) (local.get $idh) (local.get $mask)))
            (local.set $mask (i16x8.gt_s (local.get $f) (local.get $h)))
            (local.set $h (v128.bitselect (local.get $f) (local.get $h) (local.get $mask)))
            (local.set $idh (v128.bitselect (local.get $idF) (local.get $idh) (local.get $mask)))
            (local.set $mask (i16x8.gt_s (local.get $h) (local.get $zero)))
            (local.set $h (v128.and (local.get $h) (local.get $mask)))
            (local.set $idh (v128.and (local.get $idh) (local.get $mask)))
            (local.set $hDiag (local.get $hUp))
            (local.set $idDiag (local.get $idUp))
            (v128.store offset=0 (local.get $p) (local.get $h))
            (v128.store offset=16 (local.get $p) (local.get $idh))
            (v128.store offset=32 (local.get $p) (local.get $f))
            (v128.store offset=48 (local.get $p) (local.get $idF))
            (local.set $hLeft (local.get $h))
            (local.set $idLeft (local.get $idh))
            ;; The first cell (row by row) with the best score keeps its count.
            (local.set $mask (i16x8.gt_s (local.get $h) (local.get $best)))
            (local.set $best (v128.bitselect (local.get $h) (local.get $best) (local.get $mask)))
            (local.set $bestId (v128.bitselect (local.get $idh) (local.get $bestId) (local.get $mask)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 64)))
            (br $colsLoop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows)))
    (v128.store (i32.const 1024) (local.get $best))
    (v128.store (i32.const 1040) (local.get $bestId)))

  ;; An upper bound on align8's identity counts, in sixteen lanes of unsigned bytes: two
  ;; local alignment scores per pair in one pass, score only: S, the best score of align8's
  ;; recurrence (BLOSUM62), and M, the best score of the same recurrence with a bonus c
  ;; added to every identical pair (X excluded). The path align8 counts ends at a cell of
  ;; best score, so it scores S; with the bonus it scores S + c k*, and M >= S + c k*:
  ;; k* <= (M - S) / c. (With c = 1 this is within a few identities of k* on unrelated
  ;; chains.)
  ;;
  ;; Bytes hold max(value, 0), which is all a local alignment needs: H is floored at 0,
  ;; and E and F only reach H through max(..., 0), so flooring them changes no H (by
  ;; induction: max(max(E, 0) - ext, max(H - open, 0)) is max(E', 0) for E' = max(E - ext,
  ;; H - open), and the same for F). Subtracting saturates at 0 (the floor itself); the
  ;; substitution score is added with a bias of 4 (BLOSUM62's lowest score, the padding's
  ;; too: every table entry + 4 is 0..15) and the bias subtracted again, saturating at 0.
  ;; Adding saturates at 255: a lane whose M reaches 251 (255 - bias) may have been cut
  ;; and its results are not used (identity-simd.ts). Below that no value was cut, and S
  ;; (never above M cell by cell) neither.
  ;;
  ;; Table: 32 bytes per query letter, the score + 4 as unsigned bytes, at 2048. cols: m
  ;; columns of 16 subject codes; row: m cells of 4 vectors (H and F of S, H and F of M),
  ;; 64 bytes each. Results: 16 S then 16 M (bytes) at 1024.
  (func (export "tight16")
    (param $a i32) (param $n i32) (param $cols i32) (param $m i32) (param $row i32)
    (param $open i32) (param $ext i32) (param $bonus i32)
    (local $i i32) (local $j i32) (local $ai i32) (local $p i32) (local $c i32)
    (local $vopen v128) (local $vext v128) (local $bias v128) (local $vbonus v128) (local $zero v128) (local $sixteen v128)
    (local $tlo v128) (local $thi v128) (local $aiv v128) (local $code v128) (local $sb v128) (local $bb v128)
    (local $hDiagS v128) (local $hLeftS v128) (local $eS v128) (local $hUpS v128) (local $hS v128) (local $fS v128) (local $bestS v128)
    (local $hDiagM v128) (local $hLeftM v128) (local $eM v128) (local $hUpM v128) (local $hM v128) (local $fM v128) (local $bestM v128)

    (local.set $vopen (i8x16.splat (local.get $open)))
    (local.set $vext (i8x16.splat (local.get $ext)))
    (local.set $vbonus (i8x16.splat (local.get $bonus)))
    (local.set $bias (i8x16.splat (i32.const 4)))
    (local.set $zero (v128.const i64x2 0 0))
    (local.set $sixteen (i8x16.splat (i32.const 16)))
    (local.set $bestS (local.get $zero))
    (local.set $bestM (local.get $zero))
    ;; The row before the first: every value 0 (F's minus infinity, floored).
    (local.set $p (local.get $row))
    (local.set $c (i32.add (local.get $row) (i32.shl (local.get $m) (i32.const 6))))
    (block $done0
      (loop $init
        (br_if $done0 (i32.ge_u (local.get $p) (local.get $c)))
        (v128.store offset=0 (local.get $p) (local.get $zero))
        (v128.store offset=16 (local.get $p) (local.get $zero))
        (v128.store offset=32 (local.get $p) (local.get $zero))
        (v128.store offset=48 (local.get $p) (local.get $zero))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $init)))
    (local.set $i (i32.const 0))
    (block $rowsDone
      (loop $rows
        (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $ai (i32.load8_u (i32.add (local.get $a) (local.get $i))))
        (local.set $tlo (v128.load offset=2048 (i32.shl (local.get $ai) (i32.const 5))))
        (local.set $thi (v128.load offset=2064 (i32.shl (local.get $ai) (i32.const 5))))
        ;; X (code 20) is identical to nothing: compare with a code no column holds.
        (local.set $aiv (i8x16.splat
          (select (i32.const 255) (local.get $ai) (i32.eq (local.get $ai) (i32.const 20)))))
        (local.set $hDiagS (local.get $zero))
        (local.set $hLeftS (local.get $zero))
        (local.set $eS (local.get $zero))
        (local.set $hDiagM (local.get $zero))
        (local.set $hLeftM (local.get $zero))
        (local.set $eM (local.get $zero))
        (local.set $j (i32.const 0))
        (local.set $p (local.get $row))
        (block $colsDone
          (loop $colsLoop
            (br_if $colsDone (i32.ge_u (local.get $j) (local.get $m)))
            (local.set $code (v128.load (i32.add (local.get $cols) (i32.shl (local.get $j) (i32.const 4)))))
            (local.set $sb (v128.or
              (i8x16.swizzle (local.get $tlo) (local.get $code))
              (i8x16.swizzle (local.get $thi) (i8x16.sub (local.get $code) (local.get $sixteen)))))
            (local.set $bb (i8x16.add (local.get $sb)
              (v128.and (i8x16.eq (local.get $code) (local.get $aiv)) (local.get $vbonus))))
            ;; S
            (local.set $eS (i8x16.max_u
              (i8x16.sub_sat_u (local.get $hLeftS) (local.get $vopen))
              (i8x16.sub_sat_u (local.get $eS) (local.get $vext))))
            (local.set $hUpS (v128.load offset=0 (local.get $p)))
            (local.set $fS (i8x16.max_u
              (i8x16.sub_sat_u (local.get $hUpS) (local.get $vopen))
              (i8x16.sub_sat_u (v128.load offset=16 (local.get $p)) (local.get $vext))))
            (local.set $hS (i8x16.max_u
              (i8x16.max_u
                (i8x16.sub_sat_u (i8x16.add_sat_u (local.get $hDiagS) (local.get $sb)) (local.get $bias))
                (local.get $eS))
              (local.get $fS)))
            (local.set $hDiagS (local.get $hUpS))
            (v128.store offset=0 (local.get $p) (local.get $hS))
            (v128.store offset=16 (local.get $p) (local.get $fS))
            (local.set $hLeftS (local.get $hS))
            (local.set $bestS (i8x16.max_u (local.get $bestS) (local.get $hS)))
            ;; M
            (local.set $eM (i8x16.max_u
              (i8x16.sub_sat_u (local.get $hLeftM) (local.get $vopen))
              (i8x16.sub_sat_u (local.get $eM) (local.get $vext))))
            (local.set $hUpM (v128.load offset=32 (local.get $p)))
            (local.set $fM (i8x16.max_u
              (i8x16.sub_sat_u (local.get $hUpM) (local.get $vopen))
              (i8x16.sub_sat_u (v128.load offset=48 (local.get $p)) (local.get $vext))))
            (local.set $hM (i8x16.max_u
              (i8x16.max_u
                (i8x16.sub_sat_u (i8x16.add_sat_u (local.get $hDiagM) (local.get $bb)) (local.get $bias))
                (local.get $eM))
              (local.get $fM)))
            (local.set $hDiagM (local.get $hUpM))
            (v128.store offset=32 (local.get $p) (local.get $hM))
            (v128.store offset=48 (local.get $p) (local.get $fM))
            (local.set $hLeftM (local.get $hM))
            (local.set $bestM (i8x16.max_u (local.get $bestM) (local.get $hM)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (local.set $p (i32.add (local.get $p) (i32.const 64)))
            (br $colsLoop)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows)))
    (v128.store (i32.const 1024) (local.get $bestS))
    (v128.store (i32.const 1040) (local.get $bestM)))
)

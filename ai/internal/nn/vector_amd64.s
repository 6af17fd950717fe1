#include "textflag.h"

// The network's loops with AVX2, eight float32 lanes at a time. Products
// are rounded before they are added (no FMA), so the results are the bits
// of the Go versions in vector.go.

// func axpyAVX2(h, w *float32, n int, d float32)
TEXT ·axpyAVX2(SB), NOSPLIT, $0-28
	MOVQ         h+0(FP), DI
	MOVQ         w+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS d+24(FP), Y0

axpyLoop:
	VMULPS  (SI), Y0, Y1
	VADDPS  (DI), Y1, Y1
	VMOVUPS Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     axpyLoop
	VZEROUPPER
	RET

// func rowsAVX2(h, base, w *float32, n int, rows *int32, ds *float32, m int)
//
// h[j] = base[j] + ds[0]*w[rows[0]*n+j] + ds[1]*w[rows[1]*n+j] + ..., the
// m rows added in order as axpyAVX2 would add them one by one, 32 floats
// of h at a time kept in registers; n a positive multiple of 32.
TEXT ·rowsAVX2(SB), NOSPLIT, $0-56
	MOVQ h+0(FP), DI
	MOVQ base+8(FP), SI
	MOVQ w+16(FP), R8
	MOVQ n+24(FP), CX
	MOVQ rows+32(FP), R9
	MOVQ ds+40(FP), R10
	MOVQ m+48(FP), R11
	MOVQ CX, R12
	SHLQ $2, R12 // a row's bytes

rowsChunk:
	VMOVUPS (SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	XORQ    BX, BX

rowsRow:
	CMPQ         BX, R11
	JGE          rowsStore
	MOVLQSX      (R9)(BX*4), AX
	IMULQ        R12, AX
	ADDQ         R8, AX
	VBROADCASTSS (R10)(BX*4), Y4
	VMULPS       (AX), Y4, Y5
	VADDPS       Y5, Y0, Y0
	VMULPS       32(AX), Y4, Y5
	VADDPS       Y5, Y1, Y1
	VMULPS       64(AX), Y4, Y5
	VADDPS       Y5, Y2, Y2
	VMULPS       96(AX), Y4, Y5
	VADDPS       Y5, Y3, Y3
	INCQ         BX
	JMP          rowsRow

rowsStore:
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	ADDQ    $128, R8
	SUBQ    $32, CX
	JNZ     rowsChunk
	VZEROUPPER
	RET

// DOTROW adds the products of the row at R9 with Y5 into the lane sums
// ACC.
#define DOTROW(ACC) \
	VMULPS (R9), Y5, Y6 \
	VADDPS Y6, ACC, ACC

// HSUM stores at OUT the sum of the lane sums Y (X its lower half):
// ((s0+s4) + (s2+s6)) + ((s1+s5) + (s3+s7)), the order of dotGo.
#define HSUM(Y, X, OUT) \
	VEXTRACTF128 $1, Y, X6 \
	VADDPS       X6, X, X \
	VMOVHLPS     X, X, X6 \
	VADDPS       X6, X, X \
	VMOVSHDUP    X, X6 \
	VADDSS       X6, X, X \
	MOVSS        X, OUT

// func dots5AVX2(w, x *float32, n int, out *float32)
//
// Five dots at once, of x with the five rows of n floats from w: out[k]
// gets the bits dotGo gives for row k, x loaded once.
TEXT ·dots5AVX2(SB), NOSPLIT, $0-32
	MOVQ   w+0(FP), SI
	MOVQ   x+8(FP), DI
	MOVQ   n+16(FP), CX
	MOVQ   out+24(FP), DX
	MOVQ   CX, R8
	SHLQ   $2, R8 // a row's bytes
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4

dots5Loop:
	VMOVUPS (DI), Y5
	MOVQ    SI, R9
	DOTROW(Y0)
	ADDQ    R8, R9
	DOTROW(Y1)
	ADDQ    R8, R9
	DOTROW(Y2)
	ADDQ    R8, R9
	DOTROW(Y3)
	ADDQ    R8, R9
	DOTROW(Y4)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     dots5Loop

	HSUM(Y0, X0, 0(DX))
	HSUM(Y1, X1, 4(DX))
	HSUM(Y2, X2, 8(DX))
	HSUM(Y3, X3, 12(DX))
	HSUM(Y4, X4, 16(DX))
	VZEROUPPER
	RET

// func sigmoidsAVX2(h *float32, n int, poly *float32)
//
// As sigmoid: x clamped to [-16, 16], y = x*-log2e, k = y rounded to the
// nearest even integer, f = y-k, p = poly[5]*f+poly[4] ... *f+poly[0] by
// Horner, e = p*2^k (k+127 in the exponent bits), 1/(1+e).
TEXT ·sigmoidsAVX2(SB), NOSPLIT, $0-24
	MOVQ         h+0(FP), DI
	MOVQ         n+8(FP), CX
	MOVQ         poly+16(FP), SI
	MOVL         $0xc1800000, AX // -16
	VMOVD        AX, X6
	VBROADCASTSS X6, Y6
	MOVL         $0x41800000, AX // 16
	VMOVD        AX, X7
	VBROADCASTSS X7, Y7
	MOVL         $0xbfb8aa3b, AX // -log2e
	VMOVD        AX, X8
	VBROADCASTSS X8, Y8
	VBROADCASTSS 20(SI), Y9
	VBROADCASTSS 16(SI), Y10
	VBROADCASTSS 12(SI), Y11
	VBROADCASTSS 8(SI), Y12
	VBROADCASTSS 4(SI), Y13
	VBROADCASTSS (SI), Y14
	MOVL         $0x3f800000, AX // 1
	VMOVD        AX, X15
	VBROADCASTSS X15, Y15
	MOVL         $127, AX
	VMOVD        AX, X5
	VPBROADCASTD X5, Y5

sigmoidLoop:
	VMOVUPS    (DI), Y0
	VMAXPS     Y6, Y0, Y0
	VMINPS     Y7, Y0, Y0
	VMULPS     Y8, Y0, Y0
	VROUNDPS   $0, Y0, Y1
	VSUBPS     Y1, Y0, Y0
	VMULPS     Y9, Y0, Y2
	VADDPS     Y10, Y2, Y2
	VMULPS     Y0, Y2, Y2
	VADDPS     Y11, Y2, Y2
	VMULPS     Y0, Y2, Y2
	VADDPS     Y12, Y2, Y2
	VMULPS     Y0, Y2, Y2
	VADDPS     Y13, Y2, Y2
	VMULPS     Y0, Y2, Y2
	VADDPS     Y14, Y2, Y2
	VCVTTPS2DQ Y1, Y1
	VPADDD     Y5, Y1, Y1
	VPSLLD     $23, Y1, Y1
	VMULPS     Y1, Y2, Y2
	VADDPS     Y15, Y2, Y2
	VDIVPS     Y2, Y15, Y2
	VMOVUPS    Y2, (DI)
	ADDQ       $32, DI
	SUBQ       $8, CX
	JNZ        sigmoidLoop
	VZEROUPPER
	RET

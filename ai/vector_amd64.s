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

// func addAVX2(h, w *float32, n int)
TEXT ·addAVX2(SB), NOSPLIT, $0-24
	MOVQ h+0(FP), DI
	MOVQ w+8(FP), SI
	MOVQ n+16(FP), CX

addLoop:
	VMOVUPS (SI), Y1
	VADDPS  (DI), Y1, Y1
	VMOVUPS Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     addLoop
	VZEROUPPER
	RET

// func dotAVX2(w, x *float32, n int) float32
TEXT ·dotAVX2(SB), NOSPLIT, $0-28
	MOVQ   w+0(FP), SI
	MOVQ   x+8(FP), DI
	MOVQ   n+16(FP), CX
	VXORPS Y0, Y0, Y0

dotLoop:
	VMOVUPS (SI), Y1
	VMULPS  (DI), Y1, Y1
	VADDPS  Y1, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $8, CX
	JNZ     dotLoop

	// ((s0+s4) + (s2+s6)) + ((s1+s5) + (s3+s7))
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VMOVHLPS     X0, X0, X1
	VADDPS       X1, X0, X0
	VMOVSHDUP    X0, X1
	VADDSS       X1, X0, X0
	VZEROUPPER
	MOVSS        X0, ret+24(FP)
	RET

// func sigmoidsAVX2(h *float32, n int, table *float32)
//
// As sigmoid: x clamped to [-16, 16], f = (x+16)*128, i = int(f),
// t[i] + (f-i)*(t[i+1]-t[i]).
TEXT ·sigmoidsAVX2(SB), NOSPLIT, $0-24
	MOVQ         h+0(FP), DI
	MOVQ         n+8(FP), CX
	MOVQ         table+16(FP), SI
	MOVL         $0xc1800000, AX // -16
	VMOVD        AX, X8
	VBROADCASTSS X8, Y8
	MOVL         $0x41800000, AX // 16
	VMOVD        AX, X9
	VBROADCASTSS X9, Y9
	MOVL         $0x43000000, AX // 128
	VMOVD        AX, X10
	VBROADCASTSS X10, Y10

	// Sixteen at a time while there are, two independent gathers
	// in flight, then the last eight.
	CMPQ CX, $16
	JB   sigmoidLast

sigmoidLoop:
	VMOVUPS    (DI), Y0
	VMOVUPS    32(DI), Y11
	VMAXPS     Y8, Y0, Y0
	VMAXPS     Y8, Y11, Y11
	VMINPS     Y9, Y0, Y0
	VMINPS     Y9, Y11, Y11
	VADDPS     Y9, Y0, Y0
	VADDPS     Y9, Y11, Y11
	VMULPS     Y10, Y0, Y0
	VMULPS     Y10, Y11, Y11
	VCVTTPS2DQ Y0, Y1
	VCVTTPS2DQ Y11, Y12
	VCVTDQ2PS  Y1, Y2
	VCVTDQ2PS  Y12, Y13
	VSUBPS     Y2, Y0, Y3
	VSUBPS     Y13, Y11, Y14
	VPCMPEQD   Y5, Y5, Y5
	VGATHERDPS Y5, (SI)(Y1*4), Y4
	VPCMPEQD   Y15, Y15, Y15
	VGATHERDPS Y15, (SI)(Y12*4), Y13
	VPCMPEQD   Y6, Y6, Y6
	VGATHERDPS Y6, 4(SI)(Y1*4), Y7
	VPCMPEQD   Y15, Y15, Y15
	VGATHERDPS Y15, 4(SI)(Y12*4), Y2
	VSUBPS     Y4, Y7, Y7
	VSUBPS     Y13, Y2, Y2
	VMULPS     Y7, Y3, Y7
	VMULPS     Y2, Y14, Y2
	VADDPS     Y7, Y4, Y4
	VADDPS     Y2, Y13, Y13
	VMOVUPS    Y4, (DI)
	VMOVUPS    Y13, 32(DI)
	ADDQ       $64, DI
	SUBQ       $16, CX
	CMPQ       CX, $16
	JAE        sigmoidLoop

sigmoidLast:
	TESTQ      CX, CX
	JZ         sigmoidDone
	VMOVUPS    (DI), Y0
	VMAXPS     Y8, Y0, Y0
	VMINPS     Y9, Y0, Y0
	VADDPS     Y9, Y0, Y0
	VMULPS     Y10, Y0, Y0
	VCVTTPS2DQ Y0, Y1
	VCVTDQ2PS  Y1, Y2
	VSUBPS     Y2, Y0, Y3
	VPCMPEQD   Y5, Y5, Y5
	VGATHERDPS Y5, (SI)(Y1*4), Y4
	VPCMPEQD   Y6, Y6, Y6
	VGATHERDPS Y6, 4(SI)(Y1*4), Y7
	VSUBPS     Y4, Y7, Y7
	VMULPS     Y7, Y3, Y7
	VADDPS     Y7, Y4, Y4
	VMOVUPS    Y4, (DI)

sigmoidDone:
	VZEROUPPER
	RET

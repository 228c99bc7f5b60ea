"""Writes a plan cache of one entry: the region of an --analyze JSON
(argv[1]) tuned to the plan options argv[2] on an H100 with nvcc 13.0."""
import json
import sys

region = json.load(open(sys.argv[1]))['regions'][0]
entry = {'fingerprint': region['fingerprint'], 'shape': region['shape_key'],
         'family': region['shape_family'], 'operations': region['operation_mix'],
         'element': 'float', 'gpu': 'NVIDIA H100 80GB HBM3', 'nvcc': '13.0',
         'flags': sys.argv[2], 'stencil': 'star2d1r.c:kernel_star2d1r',
         'summary': 'hand-written', 'size': 'n=16384 steps=100',
         'date': '2026-11-26T00:00:00Z'}
print(json.dumps({'format': 'stencilcc plan cache 1', 'plans': [entry]}, indent=2))

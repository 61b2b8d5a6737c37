import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, rendererPreference } from '../../src/engine/renderer-choice';

describe('choosing the renderer', () => {
  it('recognises software WebGL implementations', () => {
    expect(isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.7, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)')).toBe(false);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRenderer('Adreno (TM) 650')).toBe(false);
  });

  it('takes WebGL on a GPU and the 2D canvas without one', () => {
    expect(rendererPreference('auto', () => 'Mali-G78')).toEqual(['webgl', 'canvas']);
    expect(rendererPreference('auto', () => 'SwiftShader driver')).toEqual(['canvas']);
    expect(rendererPreference('auto', () => null)).toEqual(['canvas']);
  });

  it('obeys a forced choice without probing', () => {
    const probe = () => {
      throw new Error('should not probe');
    };
    expect(rendererPreference('webgl', probe)).toEqual(['webgl', 'canvas']);
    expect(rendererPreference('canvas', probe)).toEqual(['canvas']);
  });
});

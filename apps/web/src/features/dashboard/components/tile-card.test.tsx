import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, TestProviders } from '../../../test/render';
import type { TileView } from '../model/types';
import { TileCard } from './tile-card';

const tile = (overrides: Partial<TileView>): TileView => ({
  id: 'kachel-1',
  name: 'Kontowechselservice',
  target: '/orders',
  isInternal: true,
  tileType: 'FUNCTIONAL',
  priority: 1,
  ...overrides,
});

/** What a practice sees of a tile whose icon address is wrong (a typo, a removed file). */
describe('TileCard icon', () => {
  it('an image that does not load gives way to the tile’s letter, not an empty gap', () => {
    const { container } = renderWithProviders(
      <TileCard tile={tile({ icon: '/api/tile/icon/fehlt.png' })} />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/api/tile/icon/fehlt.png');
    expect(screen.queryByTestId('tile-icon-fallback')).not.toBeInTheDocument();
    fireEvent.error(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('tile-icon-fallback')).toHaveTextContent('K');
  });

  it('a dyed icon whose mask does not load, too (the mask alone would hide the square)', () => {
    const { container } = renderWithProviders(
      <TileCard tile={tile({ icon: '/api/tile/icon/fehlt.svg', isDyeable: true })} />,
    );
    expect(screen.getByTestId('tile-icon-dyed')).toBeInTheDocument();
    fireEvent.error(container.querySelector('img')!);
    expect(screen.queryByTestId('tile-icon-dyed')).not.toBeInTheDocument();
    expect(screen.getByTestId('tile-icon-fallback')).toHaveTextContent('K');
  });

  it('a corrected address is tried again', () => {
    const { container, rerender } = renderWithProviders(
      <TileCard tile={tile({ icon: '/api/tile/icon/fehlt.png' })} />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByTestId('tile-icon-fallback')).toBeInTheDocument();
    rerender(
      <TestProviders>
        <TileCard tile={tile({ icon: '/api/tile/icon/da.png' })} />
      </TestProviders>,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/tile/icon/da.png');
    expect(screen.queryByTestId('tile-icon-fallback')).not.toBeInTheDocument();
  });
});

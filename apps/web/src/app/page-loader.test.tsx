import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PageLoader } from './page-loader';

describe('PageLoader', () => {
  it('is a status region whose text a screen reader reads out (an aria-label alone is not read)', () => {
    renderWithProviders(<PageLoader />);
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen …');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root';

type Props = Parameters<typeof ErrorBoundary>[0];

describe('root error boundary', () => {
  it('shows the generic fallback with the error message', () => {
    render(<ErrorBoundary {...({ error: new Error('Coś poszło nie tak') } as Props)} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Coś poszło nie tak')).toBeTruthy();
  });
});

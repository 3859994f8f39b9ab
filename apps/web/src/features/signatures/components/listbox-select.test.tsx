import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ListboxOption, ListboxSelect } from './listbox-select';

type City = 'gdansk' | 'krakow' | 'katowice' | 'lodz' | 'warszawa';

const OPTIONS: ListboxOption<City>[] = [
  { value: 'gdansk', text: 'Gdańsk', content: 'Gdańsk' },
  { value: 'krakow', text: 'Kraków', content: 'Kraków' },
  { value: 'katowice', text: 'Katowice', content: 'Katowice' },
  { value: 'lodz', text: 'Łódź Kaliska', content: 'Łódź Kaliska' },
  { value: 'warszawa', text: 'Warszawa', content: 'Warszawa' },
];

const changes: City[] = [];

function Harness() {
  const [value, setValue] = useState<City>('krakow');
  return (
    <ListboxSelect
      label="Miasto"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
      renderValue={(option) => option.content}
    />
  );
}

function setup() {
  changes.length = 0;
  render(<Harness />);
  const combobox = screen.getByRole('combobox', { name: 'Miasto' });
  combobox.focus();
  const key = (name: string, init: Partial<KeyboardEventInit> = {}) =>
    fireEvent.keyDown(combobox, { key: name, ...init });
  const active = () => {
    const id = combobox.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : null;
  };
  return { combobox, key, active };
}

beforeAll(() => {
  // jsdom has no layout and no scrollIntoView; the listbox scrolls its active option into view.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

describe('ListboxSelect (APG select-only combobox)', () => {
  it('is a labelled, collapsed combobox that controls its listbox', () => {
    const { combobox } = setup();
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.getAttribute('aria-haspopup')).toBe('listbox');
    expect(combobox.textContent).toContain('Kraków');
    const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(combobox.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('opens on the chosen option, moves with the arrows and chooses with Enter', () => {
    const { combobox, key, active } = setup();
    key('ArrowDown');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(active()).toBe('Kraków');
    key('ArrowDown');
    key('ArrowDown');
    expect(active()).toBe('Łódź Kaliska');
    const option = screen.getByRole('option', { name: 'Łódź Kaliska' });
    expect(option.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(changes).toEqual(['lodz']);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(combobox);
  });

  it('stops at the ends and jumps with Home, End, PageUp and PageDown', () => {
    const { key, active } = setup();
    key('Home');
    expect(active()).toBe('Gdańsk');
    key('ArrowUp');
    expect(active()).toBe('Gdańsk');
    key('End');
    expect(active()).toBe('Warszawa');
    key('ArrowDown');
    expect(active()).toBe('Warszawa');
    key('PageUp');
    expect(active()).toBe('Gdańsk');
    key('PageDown');
    expect(active()).toBe('Warszawa');
  });

  it('closes with Escape without choosing', () => {
    const { combobox, key } = setup();
    key('ArrowDown');
    key('ArrowDown');
    key('Escape');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(changes).toEqual([]);
    expect(combobox.textContent).toContain('Kraków');
  });

  it('takes the active option on Tab and on Alt+ArrowUp', () => {
    const { key } = setup();
    key('ArrowDown');
    key('ArrowUp');
    key('Tab');
    expect(changes).toEqual(['gdansk']);
    key('ArrowDown');
    key('End');
    key('ArrowUp', { altKey: true });
    expect(changes).toEqual(['gdansk', 'warszawa']);
  });

  it('jumps to options by typed letters, cycling on a repeated letter and reading spaces', () => {
    const { key, active } = setup();
    key('k');
    expect(active()).toBe('Katowice');
    key('k');
    expect(active()).toBe('Kraków');
    key('Escape');
    key('ł');
    key('ó');
    key('d');
    key('ź');
    key(' ');
    expect(active()).toBe('Łódź Kaliska');
    expect(changes).toEqual([]);
  });

  it('chooses an option clicked with the mouse', () => {
    const { combobox } = setup();
    fireEvent.click(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Warszawa' }));
    expect(changes).toEqual(['warszawa']);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when focus leaves', () => {
    const { combobox } = setup();
    fireEvent.click(combobox);
    fireEvent.blur(combobox);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
  });
});

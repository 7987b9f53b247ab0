/** Picks an option of an antd Select in jsdom (the dropdown opens on mouse down). */
import { act, fireEvent, screen, within } from '@testing-library/react';

/**
 * The combobox labelled `label`: by its aria-label first (a CSS query), by role otherwise. A role
 * query computes the accessible name of every candidate, which costs seconds on a whole page.
 */
function comboboxLabelled(label: string, container: HTMLElement): HTMLElement {
  const byAttribute = container.querySelectorAll<HTMLElement>(`[role="combobox"][aria-label="${label.replace(/["\\]/g, '\\$&')}"]`);
  if (byAttribute.length === 1) return byAttribute[0];
  return within(container).getByRole('combobox', { name: label });
}

export async function selectOption(label: string, optionText: string, container: HTMLElement = document.body) {
  fireEvent.mouseDown(comboboxLabelled(label, container));
  const options = await screen.findAllByTitle(optionText);
  // Async act: the loads the choice starts settle inside act, not after the test moved on.
  await act(async () => {
    fireEvent.click(options[options.length - 1]);
  });
}

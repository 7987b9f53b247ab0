/** Picks an option of an antd Select in jsdom (the dropdown opens on mouse down). */
import { act, fireEvent, screen, within } from '@testing-library/react';

export async function selectOption(label: string, optionText: string, container: HTMLElement = document.body) {
  const combobox = within(container).getByRole('combobox', { name: label });
  fireEvent.mouseDown(combobox);
  const options = await screen.findAllByTitle(optionText);
  // Async act: the loads the choice starts settle inside act, not after the test moved on.
  await act(async () => {
    fireEvent.click(options[options.length - 1]);
  });
}

/** Picks an option of an antd Select in jsdom (the dropdown opens on mouse down). */
import { fireEvent, screen, within } from '@testing-library/react';

export async function selectOption(label: string, optionText: string, container: HTMLElement = document.body) {
  const combobox = within(container).getByRole('combobox', { name: label });
  fireEvent.mouseDown(combobox);
  const options = await screen.findAllByTitle(optionText);
  fireEvent.click(options[options.length - 1]);
}

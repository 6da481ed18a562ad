/** The value of the button `actionId` anywhere in a message's blocks ('' when there is none). */
export function buttonValue(blocks: unknown, actionId: string): string {
  if (typeof blocks !== 'object' || blocks === null) return '';
  if (!Array.isArray(blocks) && 'action_id' in blocks && blocks.action_id === actionId)
    return 'value' in blocks && typeof blocks.value === 'string' ? blocks.value : '';
  for (const child of Object.values(blocks)) {
    const found = buttonValue(child, actionId);
    if (found) return found;
  }
  return '';
}

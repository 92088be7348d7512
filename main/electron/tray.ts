import { Menu, Tray, app, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { TrayMenuItem, TrayModel } from './tray-model';

/** What the tray's actions do. */
export interface TrayActions {
  open(): void;
  quit(): void;
}

/** Turns the pure menu model into Electron's menu template. */
function toTemplate(items: readonly TrayMenuItem[], actions: TrayActions): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    if (item.kind === 'separator') return { type: 'separator' };
    if (item.kind === 'info') return { label: item.label, enabled: false };
    const click = item.id === 'quit' ? actions.quit : actions.open;
    return { label: item.label, enabled: item.enabled, click: () => click() };
  });
}

/** The tray icon: created once, then re-drawn from each new {@link TrayModel}. */
export function createDeskbellTray({ iconPath, templateIconPath, actions }: { iconPath: string; templateIconPath: string; actions: TrayActions }) {
  const mac = process.platform === 'darwin';
  const image = nativeImage.createFromPath(mac ? templateIconPath : iconPath);
  if (mac) image.setTemplateImage(true);
  const tray = new Tray(image);
  // Windows and Linux open on a click; macOS shows the menu instead.
  if (!mac) tray.on('click', () => actions.open());

  return {
    apply(model: TrayModel): void {
      tray.setToolTip(model.tooltip);
      tray.setContextMenu(Menu.buildFromTemplate(toTemplate(model.items, actions)));
      if (mac) tray.setTitle(model.badgeText);
      // Dock badge on macOS, launcher badge on Unity-style Linux desktops; a no-op elsewhere.
      app.setBadgeCount(model.badgeCount);
    },
    destroy(): void {
      tray.destroy();
    },
  };
}

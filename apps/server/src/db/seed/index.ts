import type { Db } from '../client';

// Placeholder: replaced by its owner.
export async function seedDemoData(_db: Db): Promise<void> {}

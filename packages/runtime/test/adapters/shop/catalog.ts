/*
 * The shop both apps of the parity test sell from: the zod `tool()`s of zodShop.ts and the
 * toolset of shop.ts call these same functions, so a call answers alike in both.
 */

/** A product's shelf. */
export type Category = 'books' | 'games' | 'music';

/** A product in the shop. */
export interface Product {
  id: string;
  name: string;
  price: number;
  category: Category;
}

/** A cart and what is in it. */
export interface Cart {
  items: { productId: string; quantity: number }[];
  total: number;
}

/** A delivery booked for an order. */
export interface Delivery {
  orderId: string;
  on: Date;
}

const products: readonly Product[] = [
  { id: 'p1', name: 'Dune', price: 12, category: 'books' },
  { id: 'p2', name: 'Chess set', price: 30, category: 'games' },
  { id: 'p3', name: 'Kind of Blue', price: 15, category: 'music' },
];

/** What each app did, in order: the parity test compares them. */
export const journal: string[] = [];

export function searchProducts(query: string, limit = 10, category?: Category): Product[] {
  const word = query.toLowerCase();
  return products.filter((product) => (category === undefined || product.category === category) && product.name.toLowerCase().includes(word)).slice(0, limit);
}

export function findProduct(id: string): Product | undefined {
  return products.find((product) => product.id === id);
}

export function addToCart(productId: string, quantity: number): Cart {
  const product = findProduct(productId);
  journal.push(`add ${productId} x${quantity}`);
  return { items: [{ productId, quantity }], total: (product?.price ?? 0) * quantity };
}

export function scheduleDelivery(orderId: string, on: Date): Delivery {
  journal.push(`deliver ${orderId} on ${on.toISOString()}`);
  return { orderId, on };
}

export function cancelOrder(orderId: string): void {
  journal.push(`cancel ${orderId}`);
}

export function deleteCustomer(customerId: string): { deleted: string } {
  journal.push(`delete ${customerId}`);
  return { deleted: customerId };
}

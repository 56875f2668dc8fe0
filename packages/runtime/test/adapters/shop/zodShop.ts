import { tool } from 'ai';
import { z } from 'zod';
import * as catalog from './catalog.js';

/*
 * The app before the move: six zod `tool()`s, written as the AI SDK's docs write them. The parity
 * test drives it and its toolgen port (shop.ts) with one scripted model.
 */

const product = z.object({ id: z.string(), name: z.string(), price: z.number(), category: z.enum(['books', 'games', 'music']) });

export const zodTools = {
  search_products: tool({
    description: "Searches the shop's products by name.",
    inputSchema: z.object({
      query: z.string().describe("Words of the product's name."),
      limit: z.number().optional().describe('How many products at most.'),
      category: z.enum(['books', 'games', 'music']).optional().describe('Only this shelf.'),
    }),
    outputSchema: z.array(product),
    execute: ({ query, limit, category }) => catalog.searchProducts(query, limit, category),
  }),
  get_product: tool({
    description: 'Looks a product up by its id.',
    inputSchema: z.object({ id: z.string().describe("The product's id.") }),
    outputSchema: product,
    execute: ({ id }) => {
      const found = catalog.findProduct(id);
      if (found === undefined) throw new Error(`There is no product ${id}. Search for the product first.`);
      return found;
    },
  }),
  add_to_cart: tool({
    description: 'Puts a product in the cart.',
    inputSchema: z.object({ productId: z.string().describe("The product's id."), quantity: z.number().describe('How many.') }),
    execute: ({ productId, quantity }) => catalog.addToCart(productId, quantity),
  }),
  schedule_delivery: tool({
    description: 'Books the delivery of an order.',
    inputSchema: z.object({ orderId: z.string().describe("The order's id."), on: z.iso.datetime({ offset: true }).describe('When to deliver.') }),
    execute: ({ orderId, on }) => {
      const delivery = catalog.scheduleDelivery(orderId, new Date(on));
      return { orderId: delivery.orderId, on: delivery.on.toISOString() };
    },
  }),
  cancel_order: tool({
    description: 'Cancels an order.',
    inputSchema: z.object({ orderId: z.string().describe("The order's id.") }),
    needsApproval: true,
    execute: ({ orderId }) => {
      catalog.cancelOrder(orderId);
    },
  }),
  delete_customer: tool({
    description: 'Deletes a customer and all their data.',
    inputSchema: z.object({ customerId: z.string().describe("The customer's id.") }),
    needsApproval: true,
    execute: ({ customerId }) => catalog.deleteCustomer(customerId),
  }),
};

import { Toolset, ToolFailure } from '@toolgen/runtime';
import * as catalog from './catalog.js';
import type { Cart, Category, Delivery, Product } from './catalog.js';

/** The toolgen port of zodShop.ts: the same six tools, as a toolset. */
export class ShopToolset extends Toolset {
  constructor() {
    super();
    this.addTool(ShopToolset.searchProducts).readOnly();
    this.addTool(ShopToolset.getProduct).readOnly();
    this.addTool(ShopToolset.addToCart);
    this.addTool(ShopToolset.scheduleDelivery);
    this.addTool(ShopToolset.cancelOrder).requiresApproval();
    this.addTool(ShopToolset.deleteCustomer).requiresApproval();
  }

  /**
   * Searches the shop's products by name.
   * @param query Words of the product's name.
   * @param limit How many products at most.
   * @param category Only this shelf.
   */
  static searchProducts(query: string, limit?: number, category?: Category): Product[] {
    return catalog.searchProducts(query, limit, category);
  }

  /**
   * Looks a product up by its id.
   * @param id The product's id.
   */
  static getProduct(id: string): Product {
    const product = catalog.findProduct(id);
    if (product === undefined) throw new ToolFailure(`There is no product ${id}.`, 'Search for the product first.');
    return product;
  }

  /**
   * Puts a product in the cart.
   * @param productId The product's id.
   * @param quantity How many.
   */
  static addToCart(productId: string, quantity: number): Cart {
    return catalog.addToCart(productId, quantity);
  }

  /**
   * Books the delivery of an order.
   * @param orderId The order's id.
   * @param on When to deliver.
   */
  static scheduleDelivery(orderId: string, on: Date): Delivery {
    return catalog.scheduleDelivery(orderId, on);
  }

  /**
   * Cancels an order.
   * @param orderId The order's id.
   */
  static cancelOrder(orderId: string): void {
    catalog.cancelOrder(orderId);
  }

  /**
   * Deletes a customer and all their data.
   * @param customerId The customer's id.
   */
  static deleteCustomer(customerId: string): { deleted: string } {
    return catalog.deleteCustomer(customerId);
  }
}

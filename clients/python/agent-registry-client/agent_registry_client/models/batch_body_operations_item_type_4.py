from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.batch_body_operations_item_type_4_op import BatchBodyOperationsItemType4Op
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_body_operations_item_type_4_min_offer_type_0 import BatchBodyOperationsItemType4MinOfferType0
    from ..models.batch_body_operations_item_type_4_price import BatchBodyOperationsItemType4Price


T = TypeVar("T", bound="BatchBodyOperationsItemType4")


@_attrs_define
class BatchBodyOperationsItemType4:
    """
    Attributes:
        op (BatchBodyOperationsItemType4Op):
        domain (str): Full name ("scout.agent")
        price (BatchBodyOperationsItemType4Price): At least one of gems and usd
        idempotency_key (str | Unset): The operation’s own Idempotency-Key (for renew and records; the others are
            idempotent by nature)
        min_offer (BatchBodyOperationsItemType4MinOfferType0 | None | Unset): The floor for offers, never above the
            asking price; absent or null: no floor
    """

    op: BatchBodyOperationsItemType4Op
    domain: str
    price: BatchBodyOperationsItemType4Price
    idempotency_key: str | Unset = UNSET
    min_offer: BatchBodyOperationsItemType4MinOfferType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.batch_body_operations_item_type_4_min_offer_type_0 import (
            BatchBodyOperationsItemType4MinOfferType0,  # noqa: PLC0415
        )

        op = self.op.value

        domain = self.domain

        price = self.price.to_dict()

        idempotency_key = self.idempotency_key

        min_offer: dict[str, Any] | None | Unset
        if isinstance(self.min_offer, Unset):
            min_offer = UNSET
        elif isinstance(self.min_offer, BatchBodyOperationsItemType4MinOfferType0):
            min_offer = self.min_offer.to_dict()
        else:
            min_offer = self.min_offer

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "op": op,
                "domain": domain,
                "price": price,
            }
        )
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if min_offer is not UNSET:
            field_dict["min_offer"] = min_offer

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_body_operations_item_type_4_min_offer_type_0 import (
            BatchBodyOperationsItemType4MinOfferType0,  # noqa: PLC0415
        )
        from ..models.batch_body_operations_item_type_4_price import BatchBodyOperationsItemType4Price  # noqa: PLC0415

        d = dict(src_dict)
        op = BatchBodyOperationsItemType4Op(d.pop("op"))

        domain = d.pop("domain")

        price = BatchBodyOperationsItemType4Price.from_dict(d.pop("price"))

        idempotency_key = d.pop("idempotency_key", UNSET)

        def _parse_min_offer(data: object) -> BatchBodyOperationsItemType4MinOfferType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_offer_type_0 = BatchBodyOperationsItemType4MinOfferType0.from_dict(data)

                return min_offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BatchBodyOperationsItemType4MinOfferType0 | None | Unset, data)

        min_offer = _parse_min_offer(d.pop("min_offer", UNSET))

        batch_body_operations_item_type_4 = cls(
            op=op,
            domain=domain,
            price=price,
            idempotency_key=idempotency_key,
            min_offer=min_offer,
        )

        return batch_body_operations_item_type_4

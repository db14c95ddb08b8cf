from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.withdraw_offer_response_409_type_0_offer_currency import WithdrawOfferResponse409Type0OfferCurrency
from ..models.withdraw_offer_response_409_type_0_offer_direction import WithdrawOfferResponse409Type0OfferDirection
from ..models.withdraw_offer_response_409_type_0_offer_status import WithdrawOfferResponse409Type0OfferStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="WithdrawOfferResponse409Type0Offer")


@_attrs_define
class WithdrawOfferResponse409Type0Offer:
    """The offer as it ended (withdrawn, rejected, sold to the bidder, expired)

    Attributes:
        offer_id (str):
        domain (str):
        currency (WithdrawOfferResponse409Type0OfferCurrency):
        amount (float): Whole gems, or USD
        status (WithdrawOfferResponse409Type0OfferStatus):
        bidder_id (str):
        seller_id (str):
        created_at (str):
        expires_at (str):
        decided_at (None | str):
        sale_id (int | None):
        direction (WithdrawOfferResponse409Type0OfferDirection | Unset):
    """

    offer_id: str
    domain: str
    currency: WithdrawOfferResponse409Type0OfferCurrency
    amount: float
    status: WithdrawOfferResponse409Type0OfferStatus
    bidder_id: str
    seller_id: str
    created_at: str
    expires_at: str
    decided_at: None | str
    sale_id: int | None
    direction: WithdrawOfferResponse409Type0OfferDirection | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        offer_id = self.offer_id

        domain = self.domain

        currency = self.currency.value

        amount = self.amount

        status = self.status.value

        bidder_id = self.bidder_id

        seller_id = self.seller_id

        created_at = self.created_at

        expires_at = self.expires_at

        decided_at: None | str
        decided_at = self.decided_at

        sale_id: int | None
        sale_id = self.sale_id

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offer_id": offer_id,
                "domain": domain,
                "currency": currency,
                "amount": amount,
                "status": status,
                "bidder_id": bidder_id,
                "seller_id": seller_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "decided_at": decided_at,
                "sale_id": sale_id,
            }
        )
        if direction is not UNSET:
            field_dict["direction"] = direction

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offer_id = d.pop("offer_id")

        domain = d.pop("domain")

        currency = WithdrawOfferResponse409Type0OfferCurrency(d.pop("currency"))

        amount = d.pop("amount")

        status = WithdrawOfferResponse409Type0OfferStatus(d.pop("status"))

        bidder_id = d.pop("bidder_id")

        seller_id = d.pop("seller_id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        def _parse_sale_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        sale_id = _parse_sale_id(d.pop("sale_id"))

        _direction = d.pop("direction", UNSET)
        direction: WithdrawOfferResponse409Type0OfferDirection | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = WithdrawOfferResponse409Type0OfferDirection(_direction)

        withdraw_offer_response_409_type_0_offer = cls(
            offer_id=offer_id,
            domain=domain,
            currency=currency,
            amount=amount,
            status=status,
            bidder_id=bidder_id,
            seller_id=seller_id,
            created_at=created_at,
            expires_at=expires_at,
            decided_at=decided_at,
            sale_id=sale_id,
            direction=direction,
        )

        return withdraw_offer_response_409_type_0_offer

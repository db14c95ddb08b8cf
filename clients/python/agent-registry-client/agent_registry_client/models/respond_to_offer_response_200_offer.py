from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.respond_to_offer_response_200_offer_currency import RespondToOfferResponse200OfferCurrency
from ..models.respond_to_offer_response_200_offer_direction import RespondToOfferResponse200OfferDirection
from ..models.respond_to_offer_response_200_offer_status import RespondToOfferResponse200OfferStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="RespondToOfferResponse200Offer")


@_attrs_define
class RespondToOfferResponse200Offer:
    """
    Attributes:
        offer_id (str):
        domain (str):
        currency (RespondToOfferResponse200OfferCurrency):
        amount (float): Whole gems, or USD
        status (RespondToOfferResponse200OfferStatus):
        bidder_id (str):
        seller_id (str):
        created_at (str):
        expires_at (str):
        decided_at (None | str):
        sale_id (int | None):
        direction (RespondToOfferResponse200OfferDirection | Unset):
    """

    offer_id: str
    domain: str
    currency: RespondToOfferResponse200OfferCurrency
    amount: float
    status: RespondToOfferResponse200OfferStatus
    bidder_id: str
    seller_id: str
    created_at: str
    expires_at: str
    decided_at: None | str
    sale_id: int | None
    direction: RespondToOfferResponse200OfferDirection | Unset = UNSET

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

        currency = RespondToOfferResponse200OfferCurrency(d.pop("currency"))

        amount = d.pop("amount")

        status = RespondToOfferResponse200OfferStatus(d.pop("status"))

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
        direction: RespondToOfferResponse200OfferDirection | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = RespondToOfferResponse200OfferDirection(_direction)

        respond_to_offer_response_200_offer = cls(
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

        return respond_to_offer_response_200_offer

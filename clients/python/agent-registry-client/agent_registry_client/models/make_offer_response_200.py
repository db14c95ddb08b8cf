from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.make_offer_response_200_status import MakeOfferResponse200Status

if TYPE_CHECKING:
    from ..models.make_offer_response_200_offer import MakeOfferResponse200Offer


T = TypeVar("T", bound="MakeOfferResponse200")


@_attrs_define
class MakeOfferResponse200:
    """
    Attributes:
        status (MakeOfferResponse200Status):
        offer (MakeOfferResponse200Offer):
    """

    status: MakeOfferResponse200Status
    offer: MakeOfferResponse200Offer

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        offer = self.offer.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "offer": offer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.make_offer_response_200_offer import MakeOfferResponse200Offer  # noqa: PLC0415

        d = dict(src_dict)
        status = MakeOfferResponse200Status(d.pop("status"))

        offer = MakeOfferResponse200Offer.from_dict(d.pop("offer"))

        make_offer_response_200 = cls(
            status=status,
            offer=offer,
        )

        return make_offer_response_200

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.respond_to_offer_response_409_type_0_status import RespondToOfferResponse409Type0Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.respond_to_offer_response_409_type_0_details import RespondToOfferResponse409Type0Details
    from ..models.respond_to_offer_response_409_type_0_offer import RespondToOfferResponse409Type0Offer


T = TypeVar("T", bound="RespondToOfferResponse409Type0")


@_attrs_define
class RespondToOfferResponse409Type0:
    """OfferNotPending

    Attributes:
        status (RespondToOfferResponse409Type0Status):
        code (str):
        message (str):
        offer (RespondToOfferResponse409Type0Offer): The offer as it ended (withdrawn, rejected, sold to the bidder,
            expired)
        details (RespondToOfferResponse409Type0Details | Unset):
        minimum (float | Unset): offer_below_minimum only: the seller’s floor
        currency (str | Unset): offer_below_minimum only: the floor’s currency (gems or pathusd)
    """

    status: RespondToOfferResponse409Type0Status
    code: str
    message: str
    offer: RespondToOfferResponse409Type0Offer
    details: RespondToOfferResponse409Type0Details | Unset = UNSET
    minimum: float | Unset = UNSET
    currency: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        code = self.code

        message = self.message

        offer = self.offer.to_dict()

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        minimum = self.minimum

        currency = self.currency

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "code": code,
                "message": message,
                "offer": offer,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.respond_to_offer_response_409_type_0_details import RespondToOfferResponse409Type0Details  # noqa: PLC0415
        from ..models.respond_to_offer_response_409_type_0_offer import RespondToOfferResponse409Type0Offer  # noqa: PLC0415

        d = dict(src_dict)
        status = RespondToOfferResponse409Type0Status(d.pop("status"))

        code = d.pop("code")

        message = d.pop("message")

        offer = RespondToOfferResponse409Type0Offer.from_dict(d.pop("offer"))

        _details = d.pop("details", UNSET)
        details: RespondToOfferResponse409Type0Details | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = RespondToOfferResponse409Type0Details.from_dict(_details)

        minimum = d.pop("minimum", UNSET)

        currency = d.pop("currency", UNSET)

        respond_to_offer_response_409_type_0 = cls(
            status=status,
            code=code,
            message=message,
            offer=offer,
            details=details,
            minimum=minimum,
            currency=currency,
        )

        return respond_to_offer_response_409_type_0

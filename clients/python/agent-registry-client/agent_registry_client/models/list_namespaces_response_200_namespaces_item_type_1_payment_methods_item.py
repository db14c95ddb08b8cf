from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_availability import (
    ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemAvailability,
)
from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_channels_item import (
    ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemChannelsItem,
)
from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_method import (
    ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemMethod,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_network_availability import (
        ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability,
    )


T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1PaymentMethodsItem:
    """
    Attributes:
        method (ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemMethod):
        availability (ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemAvailability):
        channels (list[ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemChannelsItem]):
        default_when_omitted (bool):
        identity_requirement (str):
        networks (list[str]):
        network_availability (ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability |
            Unset):
    """

    method: ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemMethod
    availability: ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemAvailability
    channels: list[ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemChannelsItem]
    default_when_omitted: bool
    identity_requirement: str
    networks: list[str]
    network_availability: ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability | Unset = (
        UNSET
    )

    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        availability = self.availability.value

        channels = []
        for channels_item_data in self.channels:
            channels_item = channels_item_data.value
            channels.append(channels_item)

        default_when_omitted = self.default_when_omitted

        identity_requirement = self.identity_requirement

        networks = self.networks

        network_availability: dict[str, Any] | Unset = UNSET
        if not isinstance(self.network_availability, Unset):
            network_availability = self.network_availability.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "method": method,
                "availability": availability,
                "channels": channels,
                "default_when_omitted": default_when_omitted,
                "identity_requirement": identity_requirement,
                "networks": networks,
            }
        )
        if network_availability is not UNSET:
            field_dict["network_availability"] = network_availability

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_namespaces_response_200_namespaces_item_type_1_payment_methods_item_network_availability import (
            ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability,  # noqa: PLC0415
        )

        d = dict(src_dict)
        method = ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemMethod(d.pop("method"))

        availability = ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemAvailability(d.pop("availability"))

        channels = []
        _channels = d.pop("channels")
        for channels_item_data in _channels:
            channels_item = ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemChannelsItem(
                channels_item_data
            )

            channels.append(channels_item)

        default_when_omitted = d.pop("default_when_omitted")

        identity_requirement = d.pop("identity_requirement")

        networks = cast(list[str], d.pop("networks"))

        _network_availability = d.pop("network_availability", UNSET)
        network_availability: ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability | Unset
        if isinstance(_network_availability, Unset):
            network_availability = UNSET
        else:
            network_availability = (
                ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailability.from_dict(
                    _network_availability
                )
            )

        list_namespaces_response_200_namespaces_item_type_1_payment_methods_item = cls(
            method=method,
            availability=availability,
            channels=channels,
            default_when_omitted=default_when_omitted,
            identity_requirement=identity_requirement,
            networks=networks,
            network_availability=network_availability,
        )

        return list_namespaces_response_200_namespaces_item_type_1_payment_methods_item
